/**
 * Edits for the round-trip property tests, made after a random calendar is written
 * (random-calendar.ts): what a backup carries beyond a calendar's first writes.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { pull, push } from './sync.ts';
import type { TestServer } from './test-server.ts';

/**
 * Edits after a calendar is written: occurrences of its series made exceptions (a new title
 * or an hour later) or trashed, and events, venues or organizers trashed. Each pick is an
 * index into what there is (modulo its length).
 */
type Edits = {
  occurrences: { pick: number; action: 'retitle' | 'move' | 'trash' }[];
  trashed: number[];
};

export const editsArb: fc.Arbitrary<Edits> = fc.record({
  occurrences: fc.array(
    fc.record({ pick: fc.nat(), action: fc.constantFrom('retitle', 'move', 'trash') }),
    { maxLength: 3 },
  ),
  trashed: fc.array(fc.nat(), { maxLength: 3 }),
});

const hourLater = (time: string) =>
  new Date(Date.parse(`${time.replace(' ', 'T')}Z`) + 3_600_000)
    .toISOString()
    .slice(0, 19)
    .replace('T', ' ');

/** Pushes edits as the owner, on the records as they are now; every one must apply. */
export async function editCalendar(server: TestServer, edits: Edits) {
  let mutationId = 1000;
  const apply = async (mutations: object[]) => {
    if (mutations.length === 0) return;
    const reply = await push(server, 'round-trip-editor', mutations, 'owner');
    const refused = reply.results.filter((result) => result.status !== 'applied');
    expect(refused, JSON.stringify(refused)).toEqual([]);
  };
  const update = (kind: string, record: { uuid: string; rev: number }, fields: object) => ({
    mutationId: ++mutationId,
    kind,
    op: 'update',
    uuid: record.uuid,
    baseRev: record.rev,
    fields,
  });
  const { records } = await pull(server, '0', { as: 'owner', limit: 5000 });
  const occurrences = records.event.filter((event) => event.recurrenceId !== null);
  const edited = new Map<string, object>();
  for (const { pick, action } of edits.occurrences) {
    const occurrence = occurrences[pick % occurrences.length];
    if (!occurrence || edited.has(occurrence.uuid)) continue;
    const fields =
      action === 'trash'
        ? { status: 'trash' }
        : action === 'move'
          ? { start: hourLater(occurrence.start), end: hourLater(occurrence.end) }
          : { title: { de: 'Ausnahme, "anders"' } };
    edited.set(occurrence.uuid, update('event', occurrence, fields));
  }
  await apply([...edited.values()]);
  const now = await pull(server, '0', { as: 'owner', limit: 5000 });
  const posts = [
    ...now.records.venue.map((record) => ['venue', record] as const),
    ...now.records.organizer.map((record) => ['organizer', record] as const),
    ...now.records.event
      .filter((event) => event.parentUuid === null && event.status !== 'trash')
      .map((record) => ['event', record] as const),
  ];
  const trashed = new Map<string, object>();
  for (const pick of edits.trashed) {
    const [kind, record] = posts[pick % posts.length] ?? [];
    if (kind && record && !trashed.has(record.uuid))
      trashed.set(record.uuid, update(kind, record, { status: 'trash' }));
  }
  await apply([...trashed.values()]);
}
