/**
 * Property test (fast-check) of the hub and the website as one system, with real servers: a hub
 * and three laptops, each its own `marquee serve` process, the hub connected to the real
 * WordPress + TEC site of the run, as the README lays a venue out. Random edits on the laptops
 * (new events, titles, costs, times, drafts, trash and restore, weekly series with one occurrence
 * moved, a calendar file with a moved occurrence imported), edits and trashing on the website,
 * laptops going offline for a while, syncs in any order. Then everyone syncs and decides what it
 * found (the website's decisions on a laptop, relayed to the hub) until nothing waits: the hub
 * and every laptop hold the same records field for field, every moved occurrence stays moved,
 * and the website holds exactly the hub's events of the run (their titles, statuses and starts,
 * as TEC holds them: a series as one post per occurrence), none twice.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  connect,
  contents,
  hubSync,
  startNode,
  stopAll,
  tokenOn,
  type Json,
  type Node,
} from '../support/hub-cluster.ts';
import { adminRequest, mark, tecSite } from '../support/tec-site.ts';
import { importFile, movedSeriesFile, sitePosts } from '../support/website-of-hub.ts';

/** Runs: each starts from the calendars the runs before left (the servers are started once). */
const RUNS = Number(process.env.PEERS_RUNS ?? 2);

const LAPTOPS = 3;
const RUN = mark();

const TIMES = [
  ['2027-06-01 20:00:00', '2027-06-01 22:00:00'],
  ['2027-06-03 10:00:00', '2027-06-03 12:30:00'],
] as const;

const editArb = fc
  .record(
    {
      variant: fc.constantFrom('a', 'b', 'c'),
      cost: fc.constantFrom('', '5', '12'),
      status: fc.constantFrom('publish', 'draft'),
      times: fc.constantFrom(...TIMES),
    },
    { requiredKeys: [] },
  )
  .filter((edit) => Object.keys(edit).length > 0);

type EditSpec = typeof editArb extends fc.Arbitrary<infer T> ? T : never;

const laptopArb = fc.nat(LAPTOPS - 1);

const opArb = fc.oneof(
  { weight: 3, arbitrary: fc.record({ type: fc.constant('create' as const), laptop: laptopArb }) },
  {
    weight: 5,
    arbitrary: fc.record({
      type: fc.constant('edit' as const),
      laptop: laptopArb,
      pick: fc.nat(),
      edit: editArb,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constantFrom('trash' as const, 'restore' as const),
      laptop: laptopArb,
      pick: fc.nat(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('series' as const), laptop: laptopArb }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('import' as const), laptop: laptopArb }) },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constantFrom('site-edit' as const, 'site-trash' as const),
      pick: fc.nat(),
      variant: fc.constantFrom('w', 'x'),
    }),
  },
  { weight: 4, arbitrary: fc.record({ type: fc.constant('sync' as const), laptop: laptopArb }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('site-sync' as const) }) },
  {
    // Offline for the next `ops` operations: it edits on, its syncs are skipped.
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('offline' as const),
      laptop: laptopArb,
      ops: fc.integer({ min: 2, max: 6 }),
    }),
  },
);

let hub: Node;
let laptops: Node[];

beforeAll(async () => {
  hub = await startNode('hub', { env: { MARQUEE_HUB_POLL_SECONDS: '0' } });
  const site = tecSite()!;
  const connected = await hub.api('marquee/v1/site', {
    method: 'PUT',
    json: { address: site.url, login: 'admin', password: site.passwords.admin, confirm: true },
  });
  expect(connected.status, JSON.stringify(connected.body)).toBe(200);
  laptops = await Promise.all(
    ['anna', 'ben', 'chloe'].map((name) =>
      startNode(name, { env: { MARQUEE_HUB_POLL_SECONDS: '0' } }),
    ),
  );
  for (const laptop of laptops)
    await connect(laptop, hub, (await tokenOn(hub, `Laptop ${laptop.name}`)).token);
});

afterAll(stopAll, 30_000);

/** A laptop's event by REST (its own ids), as a website build or the editor reads it. */
async function rest(
  node: Node,
  path: string,
  json?: unknown,
): Promise<{ status: number; body: Json }> {
  return node.api(`tribe/events/v1/${path}`, json === undefined ? {} : { json });
}

async function siteSync(): Promise<void> {
  const reply = await hub.api('marquee/v1/site/sync', { json: {} });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
}

const titleOf = (event: Json) => (event.title as Record<string, string>).en ?? '';

/** Title, status and start of each of the hub's events of this run outside the trash. */
async function hubEvents(): Promise<string[]> {
  const held = await contents(hub);
  return (
    Object.values(held.event ?? {})
      .filter((event) => titleOf(event).includes(RUN))
      // A series' own record is no post on the site (TEC without Pro holds its occurrences).
      .filter((event) => event.status !== 'trash' && event.recurrence == null)
      .map((event) => `${titleOf(event)} | ${event.status as string} | ${event.start as string}`)
      .sort()
  );
}

/** Decides every conflict each side found, the website's on a laptop, until nothing waits. */
async function settle(keep: 'mine' | 'theirs'): Promise<void> {
  for (let round = 0; round < 5; round += 1) {
    let open = 0;
    for (const laptop of laptops) {
      await hubSync(laptop);
      const found = (await laptop.api('marquee/v1/hub/conflicts')).body as unknown as {
        id: number;
      }[];
      for (const conflict of found) {
        const reply = await laptop.api(`marquee/v1/hub/conflicts/${conflict.id}`, {
          json: { keep: keep === 'mine' ? 'here' : 'hub' },
        });
        expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      }
      open += found.length;
    }
    await siteSync();
    // The website's decisions are taken on a laptop, which relays them to the hub.
    const decider = laptops[round % LAPTOPS]!;
    const onSite = (await decider.api('marquee/v1/site/conflicts')).body as unknown as {
      id: number;
    }[];
    for (const conflict of onSite) {
      const reply = await decider.api(`marquee/v1/site/conflicts/${conflict.id}`, {
        json: { keep: keep === 'mine' ? 'marquee' : 'site' },
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    }
    open += onSite.length;
    if (open === 0 && round > 0) return;
  }
}

it('converges: the laptops and the hub field for field, the website with the hub', async () => {
  let serial = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.array(opArb, { minLength: 6, maxLength: 16 }),
      fc.constantFrom('mine' as const, 'theirs' as const),
      async (ops, keep) => {
        /** Each event's uuid and title stem. */
        const made: { uuid: string; stem: string }[] = [];
        /** The occurrences moved alone (by the editor or a file), as they must stay everywhere. */
        const moved: string[] = [];
        const away = laptops.map(() => 0);
        for (const op of ops) {
          for (const [n, left] of away.entries()) away[n] = Math.max(0, left - 1);
          if (op.type === 'offline') away[op.laptop] = op.ops;
          else if (op.type === 'create') {
            const stem = `${RUN} E${(serial += 1)}`;
            const uuid = randomUUID();
            made.push({ uuid, stem });
            await laptops[op.laptop]!.edit([
              {
                kind: 'event',
                op: 'create',
                uuid,
                fields: {
                  title: { en: stem },
                  start: TIMES[0][0],
                  end: TIMES[0][1],
                  timezone: 'Europe/Berlin',
                  status: 'publish',
                },
              },
            ]);
          } else if (op.type === 'edit' || op.type === 'trash' || op.type === 'restore') {
            const picked = made[op.pick % Math.max(1, made.length)];
            if (!picked) continue;
            const fields =
              op.type === 'edit'
                ? fieldsOf(picked.stem, op.edit)
                : { status: op.type === 'trash' ? 'trash' : 'publish' };
            // Refused on a laptop that does not have the event yet: no matter.
            await laptops[op.laptop]!.edit([
              { kind: 'event', op: 'update', uuid: picked.uuid, fields },
            ]);
          } else if (op.type === 'series') {
            const title = `${RUN} S${(serial += 1)}`;
            moved.push(`${title} moved | publish | 2027-07-08 20:00:00`);
            const laptop = laptops[op.laptop]!;
            const series = await rest(laptop, 'events', {
              title,
              start_date: '2027-07-01 19:00:00',
              end_date: '2027-07-01 21:00:00',
              timezone: 'Europe/Berlin',
              status: 'publish',
              recurrence: { rrule: 'FREQ=WEEKLY;COUNT=3' },
            });
            expect(series.status, JSON.stringify(series.body)).toBe(201);
            const occurrences = await laptop.api(
              `tribe/events/v1/events?post_parent=${series.body.id as number}&start_date=2027-01-01&status=publish`,
            );
            const second = (occurrences.body.events as Json[])[1]!;
            const shifted = await rest(laptop, `events/${second.id as number}`, {
              scope: 'this',
              title: `${title} moved`,
              start_date: '2027-07-08 20:00:00',
              end_date: '2027-07-08 22:00:00',
            });
            expect(shifted.status, JSON.stringify(shifted.body)).toBe(200);
          } else if (op.type === 'import') {
            const title = `${RUN} I${(serial += 1)}`;
            moved.push(`${title} later start | publish | 2027-02-11 20:30:00`);
            await importFile(laptops[op.laptop]!, movedSeriesFile(title));
          } else if (op.type === 'site-edit' || op.type === 'site-trash') {
            // Single events only: an occurrence's moves have an oracle of their own (`moved`).
            const posts = (await sitePosts(RUN)).filter((post) => post.title.includes(' E'));
            const post = posts[op.pick % Math.max(1, posts.length)];
            if (!post) continue;
            const reply =
              op.type === 'site-edit'
                ? await adminRequest(`tribe/events/v1/events/${post.id}`, {
                    body: { title: `${post.title.replace(/ [wx]$/, '')} ${op.variant}` },
                  })
                : await adminRequest(`tribe/events/v1/events/${post.id}`, { method: 'DELETE' });
            expect(reply.status, JSON.stringify(reply.body)).toBe(200);
          } else if (op.type === 'site-sync') await siteSync();
          else if (op.type === 'sync' && away[op.laptop] === 0) await hubSync(laptops[op.laptop]!);
        }
        await settle(keep);
        for (const laptop of laptops) await hubSync(laptop);
        await siteSync();

        const [onHub, ...onLaptops] = await Promise.all([hub, ...laptops].map(contents));
        for (const held of onLaptops) expect(held).toEqual(onHub);
        const onHubEvents = await hubEvents();
        for (const occurrence of moved) expect(onHubEvents).toContain(occurrence);
        const site = await sitePosts(RUN);
        expect(site.map((post) => `${post.title} | ${post.status} | ${post.start}`).sort()).toEqual(
          await hubEvents(),
        );
        for (const laptop of laptops)
          expect((await laptop.api('marquee/v1/hub')).body).toMatchObject({
            state: 'up-to-date',
            conflicts: 0,
          });
        expect((await hub.api('marquee/v1/site')).body).toMatchObject({
          state: 'up-to-date',
          conflicts: 0,
        });
        // Each laptop shows the website as the hub sees it.
        for (const laptop of laptops)
          expect((await laptop.api('marquee/v1/site')).body).toMatchObject({
            state: 'up-to-date',
            conflicts: 0,
            via: hub.url,
          });
      },
    ),
    { numRuns: RUNS, endOnFailure: true },
  );
}, 900_000);

function fieldsOf(stem: string, edit: EditSpec): Record<string, unknown> {
  return {
    ...(edit.variant && { title: { en: `${stem} ${edit.variant}` } }),
    ...(edit.cost !== undefined && { cost: edit.cost }),
    ...(edit.status && { status: edit.status }),
    ...(edit.times && { start: edit.times[0], end: edit.times[1], timezone: 'Europe/Berlin' }),
  };
}
