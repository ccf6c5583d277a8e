/**
 * Property test (fast-check) of the hub sync, with real servers: a hub and three
 * laptops, each its own `marquee serve` process. Random edits on every laptop (texts in any of
 * the eight languages, titles cleared, times, costs, statuses, flags, categories, deletions),
 * each laptop syncing now and then, and going offline for a while (its syncs skipped while it
 * goes on editing and the others sync); then everyone syncs, each laptop decides the conflicts
 * it found (either way), and syncs again: the hub and every laptop hold the same records, field
 * for field, in every language, trashed slugs included.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LANGUAGES } from '#shared/languages.ts';
import {
  connect,
  contents,
  hubSync,
  startNode,
  stopAll,
  tokenOn,
  type Node,
} from '../support/hub-cluster.ts';

/** Runs: each starts from the calendars the runs before left (the servers are started once). */
const RUNS = Number(process.env.HUB_RUNS ?? 15);

const LAPTOPS = 3;

const TIMES = [
  ['2027-05-01 20:00:00', '2027-05-01 22:00:00'],
  ['2027-05-03 10:00:00', '2027-05-04 02:00:00'],
] as const;

/** Texts in up to three languages; "" removes one (the last title too: an untitled event). */
const textsArb = (values: string[]) =>
  fc
    .dictionary(fc.constantFrom(...LANGUAGES), fc.constantFrom(...values), { maxKeys: 3 })
    .filter((texts) => Object.keys(texts).length > 0);

const patchArb = fc
  .record(
    {
      title: textsArb(['A', 'B', 'Ç', '日', '']),
      description: textsArb(['A', 'B', 'Ç', '日', '']),
      cost: fc.constantFrom('', '5 €', '7$'),
      status: fc.constantFrom('publish', 'draft', 'trash'),
      featured: fc.boolean(),
      times: fc.constantFrom(...TIMES),
      categories: fc.subarray([0, 1]),
    },
    { requiredKeys: [] },
  )
  .filter((patch) => Object.keys(patch).length > 0);

type PatchSpec = typeof patchArb extends fc.Arbitrary<infer T> ? T : never;

const opArb = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('create' as const),
      laptop: fc.nat(LAPTOPS - 1),
      patch: patchArb,
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      type: fc.constant('edit' as const),
      laptop: fc.nat(LAPTOPS - 1),
      pick: fc.nat(),
      patch: patchArb,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('delete' as const),
      laptop: fc.nat(LAPTOPS - 1),
      pick: fc.nat(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ type: fc.constant('sync' as const), laptop: fc.nat(LAPTOPS - 1) }),
  },
  {
    // Offline for the next `ops` operations: it edits on, its syncs are skipped.
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('offline' as const),
      laptop: fc.nat(LAPTOPS - 1),
      ops: fc.integer({ min: 2, max: 8 }),
    }),
  },
);

let hub: Node;
let laptops: Node[];
const categories = [randomUUID(), randomUUID()];

beforeAll(async () => {
  const manual = { env: { MARQUEE_HUB_POLL_SECONDS: '0' } };
  hub = await startNode('hub', manual);
  laptops = await Promise.all(['anna', 'ben', 'chloe'].map((name) => startNode(name, manual)));
  await hub.edit(
    categories.map((uuid, n) => ({
      kind: 'category',
      op: 'create',
      uuid,
      fields: { name: { en: `Category ${n}`, bg: `Категория ${n}` }, color: '#336699' },
    })),
  );
  for (const laptop of laptops)
    await connect(laptop, hub, (await tokenOn(hub, `Laptop ${laptop.name}`)).token);
}, 60_000);

afterAll(stopAll, 30_000);

function fieldsOf(patch: PatchSpec): Record<string, unknown> {
  const { times, categories: picked, ...rest } = patch;
  return {
    ...rest,
    ...(times && { start: times[0], end: times[1], timezone: 'Europe/Berlin' }),
    ...(picked && { categoryUuids: picked.map((n: number) => categories[n]) }),
  };
}

/** Each laptop decides every conflict it found (keeps its own, or takes the hub's). */
async function decideAll(laptop: Node, keep: 'here' | 'hub'): Promise<number> {
  const open = (await laptop.api('marquee/v1/hub/conflicts')).body as unknown as { id: number }[];
  for (const conflict of open) {
    const reply = await laptop.api(`marquee/v1/hub/conflicts/${conflict.id}`, { json: { keep } });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  }
  return open.length;
}

it('converges, field for field, in every language', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(opArb, { minLength: 4, maxLength: 24 }),
      fc.constantFrom('here' as const, 'hub' as const),
      async (ops, keep) => {
        const uuids: string[] = [];
        /** Per laptop, the operations it stays offline for yet. */
        const away = laptops.map(() => 0);
        for (const op of ops) {
          const laptop = laptops[op.laptop]!;
          for (const [n, left] of away.entries()) away[n] = Math.max(0, left - 1);
          if (op.type === 'offline') away[op.laptop] = op.ops;
          else if (op.type === 'create') {
            const uuid = randomUUID();
            uuids.push(uuid);
            await laptop.edit([
              {
                kind: 'event',
                op: 'create',
                uuid,
                fields: {
                  title: { en: 'New' },
                  start: '2027-05-02 20:00:00',
                  end: '2027-05-02 21:00:00',
                  timezone: 'Europe/Berlin',
                  ...fieldsOf(op.patch),
                },
              },
            ]);
          } else if (op.type === 'edit' || op.type === 'delete') {
            const uuid = uuids[op.pick % Math.max(1, uuids.length)];
            if (!uuid) continue;
            // Refused on a laptop that does not have the event (yet, or any more): no matter.
            await laptop.edit([
              op.type === 'edit'
                ? { kind: 'event', op: 'update', uuid, fields: fieldsOf(op.patch) }
                : { kind: 'event', op: 'delete', uuid, fields: {} },
            ]);
          } else if (away[op.laptop] === 0) await hubSync(laptop);
        }
        // Everyone syncs; each decides what it found; everyone syncs again.
        for (let round = 0; round < 4; round += 1) {
          let open = 0;
          for (const laptop of laptops) {
            await hubSync(laptop);
            open += await decideAll(laptop, keep);
          }
          if (open === 0 && round > 0) break;
        }
        for (const laptop of laptops) await hubSync(laptop);
        const [onHub, ...onLaptops] = await Promise.all([hub, ...laptops].map(contents));
        for (const held of onLaptops) expect(held).toEqual(onHub);
        for (const laptop of laptops)
          expect((await laptop.api('marquee/v1/hub')).body).toMatchObject({
            state: 'up-to-date',
            conflicts: 0,
          });
      },
    ),
    { numRuns: RUNS },
  );
}, 120_000);
