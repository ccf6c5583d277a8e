import { describe, expect, it } from 'vitest';
import { mergeWithHub, type Flat } from './hub-records.ts';

const merge = (here: Flat, hub: Flat, base: Flat | undefined) =>
  mergeWithHub({ kind: 'venue', here, hub, base, held: new Set() });

describe('a venue on both sides, never agreed (no base)', () => {
  it('takes what the hub has where this calendar has nothing, and keeps what only it has', () => {
    const here = { phone: '', 'name.en': 'Main Hall', 'name.fr': '', city: 'Lyon' };
    const hub = { phone: '555-0199', 'name.en': 'Main Hall', 'name.fr': 'Grande salle', city: '' };
    expect(merge(here, hub, undefined)).toEqual({ take: ['phone', 'name.fr'], conflicts: {} });
  });

  it('asks the user only where both have a value and they differ', () => {
    const here = { phone: '555-0100', city: '' };
    const hub = { phone: '555-0199', city: 'Lyon' };
    expect(merge(here, hub, undefined)).toEqual({
      take: ['city'],
      conflicts: { phone: { mine: '555-0100', theirs: '555-0199' } },
    });
  });
});

describe('a venue both sides agreed on before', () => {
  it('takes the hub’s change, keeps its own, and asks where both changed it differently', () => {
    const base = { phone: '1', city: 'Lyon', zip: '69001' };
    const here = { phone: '2', city: 'Lyon', zip: '69002' };
    const hub = { phone: '3', city: 'Paris', zip: '69001' };
    expect(merge(here, hub, base)).toEqual({
      take: ['city'],
      conflicts: { phone: { mine: '2', theirs: '3' } },
    });
  });

  it('a field emptied on the hub since is taken, not filled back', () => {
    const base = { phone: '555-0199' };
    expect(merge({ phone: '555-0199' }, { phone: '' }, base)).toEqual({
      take: ['phone'],
      conflicts: {},
    });
  });
});
