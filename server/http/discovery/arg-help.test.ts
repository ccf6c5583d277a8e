import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { wpBoolean, wpIdList, wpPositiveInteger } from '#shared/schemas/wp-params.ts';
import { argHelp } from './arg-help.ts';

describe('argHelp (an argument as WordPress’s index describes it)', () => {
  it('gives type, description, format and required, in WordPress’s order', () => {
    const field = z.url().meta({ description: 'A link.' });
    const help = argHelp(field, true);
    expect(help).toEqual({ description: 'A link.', type: 'string', format: 'uri', required: true });
    expect(Object.keys(help)).toEqual(['description', 'type', 'format', 'required']);
  });

  it('takes the default the argument parses to, after its transforms', () => {
    const perPage = wpPositiveInteger.default(80).transform((n) => Math.min(n, 50));
    expect(argHelp(perPage, false)).toEqual({ type: 'integer', default: 50, required: false });
    expect(argHelp(wpBoolean.default(false), false).default).toBe(false);
    expect(argHelp(z.string().optional(), false)).toEqual({ type: 'string', required: false });
  });

  it('lists the types of a union, and the items of a list', () => {
    expect(argHelp(wpIdList, false)).toMatchObject({ type: 'array', items: { type: 'integer' } });
    const parent = z.union([z.literal(0), wpPositiveInteger]);
    expect(argHelp(parent, false).type).toBe('integer');
    const cost = z.union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))]);
    expect(argHelp(cost, false)).toMatchObject({
      type: ['string', 'number', 'array'],
      items: { type: ['string', 'number'] },
    });
  });

  it('gives the values of an enum, or of a union of constants', () => {
    expect(argHelp(z.enum(['asc', 'desc']), false).enum).toEqual(['asc', 'desc']);
    const order = z.union([z.literal(''), z.enum(['asc', 'desc'])]);
    expect(argHelp(order, false)).toMatchObject({ type: 'string', enum: ['', 'asc', 'desc'] });
    expect(argHelp(z.array(z.enum(['a', 'b'])), false).items).toEqual({
      type: 'string',
      enum: ['a', 'b'],
    });
  });
});
