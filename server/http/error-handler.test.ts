import type { NextFunction, Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import type { Logger } from '../logger.ts';
import { ApiError } from './api-error.ts';
import { errorHandler } from './error-handler.ts';

function render(error: unknown) {
  const logged: unknown[][] = [];
  const logger: Logger = { info() {}, warn() {}, error: (...parts) => logged.push(parts) };
  const sent: {
    status?: number;
    body?: { code: string; message: string; data: { status: number } };
  } = {};
  const res = {
    headersSent: false,
    status(code: number) {
      sent.status = code;
      return this;
    },
    json(body: typeof sent.body) {
      sent.body = body;
      return this;
    },
  } as unknown as Response;
  errorHandler(logger)(error, {} as Request, res, (() => {}) as NextFunction);
  return { sent, logged };
}

describe('the one error path', () => {
  it('renders API errors in the WordPress envelope, with their data', () => {
    const { sent, logged } = render(new ApiError('term_exists', 'exists', { term_id: 4 }));
    expect(sent).toEqual({
      status: 400,
      body: { code: 'term_exists', message: 'exists', data: { status: 400, term_id: 4 } },
    });
    expect(logged).toEqual([]);
  });

  it('maps body-parser failures to WordPress codes', () => {
    expect(
      render(Object.assign(new Error('bad'), { type: 'entity.parse.failed' })).sent.body?.code,
    ).toBe('rest_invalid_json');
    expect(render(Object.assign(new Error('big'), { type: 'entity.too.large' })).sent.status).toBe(
      413,
    );
  });

  it('logs anything else with an incident id, and answers a plain 500 with the same id', () => {
    const { sent, logged } = render(new Error('SQLITE_CONSTRAINT: secret detail'));
    expect(sent.status).toBe(500);
    expect(sent.body?.code).toBe('marquee_internal_error');
    expect(sent.body?.message).not.toContain('SQLITE');
    const incident = /incident ([0-9a-f-]{36})/.exec(sent.body?.message ?? '')?.[1];
    expect(incident).toBeDefined();
    expect(String(logged[0]?.[0])).toContain(incident);
  });
});
