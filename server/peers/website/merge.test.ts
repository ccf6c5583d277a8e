import { describe, expect, it } from 'vitest';
import { mergeRecord } from './merge.ts';
import type { View } from './remote.ts';

const fields = [
  'title',
  'description',
  'start',
  'end',
  'timezone',
  'cost',
  'slug',
  'date',
  'tagUuids',
];

const base: View = {
  title: 'Jazz',
  description: 'Two "sets"',
  start: '2027-01-01 20:00:00',
  end: '2027-01-01 22:00:00',
  timezone: 'Europe/Paris',
  cost: '10',
  slug: 'jazz',
  date: '2026-01-01 10:00:00',
  tagUuids: ['a', 'b'],
};

/** The site's own rendering of the same record: a change to nobody. */
const rendered: View = { ...base, description: '<p>Two “sets”</p>', cost: '$10' };

const merge = (local: View, remote: View, held: string[] = []) =>
  mergeRecord({
    kind: 'event',
    fields,
    local,
    remote,
    baseLocal: base,
    baseRemote: rendered,
    held: new Set(held),
  });

describe('the three-way merge of a record', () => {
  it('takes nothing for a change when each side is as it was, however the site renders it', () => {
    expect(merge(base, rendered)).toEqual({ pull: {}, push: [], conflicts: {}, agreed: [] });
  });

  it('sends what Marquee changed, takes what the site changed, and merges the two', () => {
    const local = { ...base, title: 'Jazz night' };
    const remote = { ...rendered, cost: '$12' };
    expect(merge(local, remote)).toEqual({
      pull: { cost: '$12' },
      push: ['title'],
      conflicts: {},
      agreed: [],
    });
  });

  it('makes a conflict of a field both changed, to different values, and leaves it', () => {
    const merged = merge({ ...base, title: 'Mine' }, { ...rendered, title: 'Theirs' });
    expect(merged.conflicts).toEqual({ title: { mine: 'Mine', theirs: 'Theirs' } });
    expect([merged.push, merged.pull]).toEqual([[], {}]);
  });

  it('counts an event’s times as one: a start here and an end there conflict', () => {
    const merged = merge(
      { ...base, start: '2027-01-01 19:00:00' },
      { ...rendered, end: '2027-01-01 23:00:00' },
    );
    expect(Object.keys(merged.conflicts).sort()).toEqual(['end', 'start', 'timezone']);
  });

  it('agrees when both made the same change, terms in any order', () => {
    const merged = merge({ ...base, tagUuids: ['c', 'a'] }, { ...rendered, tagUuids: ['a', 'c'] });
    expect(merged).toEqual({ pull: {}, push: [], conflicts: {}, agreed: ['tagUuids'] });
  });

  it('takes a draft’s missing slug and date for no change', () => {
    const merged = merge(base, { ...rendered, slug: '', date: null });
    expect(merged).toEqual({ pull: {}, push: [], conflicts: {}, agreed: [] });
  });

  it('leaves units in an open conflict alone', () => {
    const merged = merge({ ...base, title: 'Mine' }, { ...rendered, title: 'Theirs' }, ['title']);
    expect(merged).toEqual({ pull: {}, push: [], conflicts: {}, agreed: [] });
  });

  it('with no base (two records found to be the same), agrees or conflicts field by field', () => {
    const merged = mergeRecord({
      kind: 'event',
      fields,
      local: base,
      remote: { ...base, cost: '12', date: '2026-03-03 09:00:00' },
      baseLocal: undefined,
      baseRemote: undefined,
      held: new Set(),
    });
    expect(merged.conflicts).toEqual({ cost: { mine: '10', theirs: '12' } });
    expect(merged.push).toEqual([]);
    // Each side made its own publication date: the site's is the one the public saw.
    expect(merged.pull).toEqual({ date: '2026-03-03 09:00:00' });
  });

  it('with no base, takes a value one side lacks, both ways, and asks about none of them', () => {
    const merged = mergeRecord({
      kind: 'event',
      fields,
      local: { ...base, description: '', tagUuids: [] },
      remote: { ...base, cost: '', timezone: null, slug: 'jazz-2' },
      baseLocal: undefined,
      baseRemote: undefined,
      held: new Set(),
    });
    // The site's description and tags come here (its publication date too, as ever); the cost
    // goes there, and the times (one unit); the slugs, both set, differ: the one question.
    expect(merged.pull).toEqual({
      description: base.description,
      tagUuids: ['a', 'b'],
      date: base.date,
    });
    expect(merged.push.sort()).toEqual(['cost', 'start']);
    expect(merged.conflicts).toEqual({ slug: { mine: 'jazz', theirs: 'jazz-2' } });
  });

  it('with a base, an emptied field is a change like any other', () => {
    expect(merge({ ...base, cost: '' }, { ...rendered, cost: '$12' }).conflicts).toEqual({
      cost: { mine: '', theirs: '$12' },
    });
  });

  it('counts a venue’s state, province and region as one field', () => {
    const merged = mergeRecord({
      kind: 'venue',
      fields: ['name', 'state', 'province', 'stateprovince', 'phone'],
      local: { name: 'Barn', state: 'NY', province: '', stateprovince: 'NY', phone: '' },
      remote: { name: 'Barn', state: 'CA', province: '', stateprovince: 'CA', phone: '555-0199' },
      baseLocal: undefined,
      baseRemote: undefined,
      held: new Set(),
    });
    expect(merged.pull).toEqual({ phone: '555-0199' });
    expect(Object.keys(merged.conflicts).sort()).toEqual(['province', 'state', 'stateprovince']);
  });
});
