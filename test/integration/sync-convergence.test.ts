/**
 * Property test (fast-check): three replicas edit the same calendar while going offline,
 * losing the server's answers (so pushes are delivered twice), syncing in any order, with web
 * edits in between, late duplicate deliveries (out of order) and server restarts. After everyone
 * syncs, every replica equals the server, and every write the server applied is still in force
 * unless a later write replaced it.
 */
import fc from 'fast-check';
import { afterEach, expect, it } from 'vitest';
import type { PushRequest, PushResponse } from '#shared/schemas/sync.ts';
import { fieldKeysOf } from '#shared/sync/fields.ts';
import { openStore } from '#server/store/open-store.ts';
import { linkedTransport, openReplica, type Link, type Replica } from '../support/replica.ts';
import { pull, push } from '../support/sync.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const CLIENTS = 3;
type Patch = Record<string, unknown>;
type Applied = { rev: number; uuid: string; patch: Patch };

const patchArb: fc.Arbitrary<Patch> = fc
  .record(
    {
      cost: fc.constantFrom('', '5€', '10$', '€6.50 - €8.50'),
      featured: fc.boolean(),
      title: fc.record({ en: fc.constantFrom('Jazz', 'Rock', 'Opera') }, { requiredKeys: [] }),
      description: fc.record({ de: fc.constantFrom('Laut', 'Leise') }, { requiredKeys: [] }),
    },
    { requiredKeys: [] },
  )
  .filter((patch) => Object.keys(patch).length > 0);

const opArb = fc.oneof(
  fc.record({ type: fc.constant('create' as const), client: fc.nat(CLIENTS - 1), patch: patchArb }),
  fc.record({
    type: fc.constant('edit' as const),
    client: fc.nat(CLIENTS - 1),
    pick: fc.nat(),
    patch: patchArb,
  }),
  fc.record({ type: fc.constant('web' as const), pick: fc.nat(), patch: patchArb }),
  fc.record({ type: fc.constant('toggle' as const), client: fc.nat(CLIENTS - 1) }),
  fc.record({ type: fc.constant('lose' as const), client: fc.nat(CLIENTS - 1) }),
  fc.record({ type: fc.constant('sync' as const), client: fc.nat(CLIENTS - 1) }),
  fc.record({ type: fc.constant('restart' as const) }),
  // A push delivered again, late and out of order (after newer ones from the same client).
  fc.record({ type: fc.constant('replay' as const), pick: fc.nat() }),
);

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

it('converges, and loses no applied write', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(opArb, { minLength: 5, maxLength: 30 }), async (ops) => {
      let server: TestServer = await startTestServer();
      const applied: Applied[] = [];
      const links: Link[] = Array.from({ length: CLIENTS }, () => ({
        url: server.url,
        online: true,
        loseNextPushAnswer: false,
      }));
      const delivered: PushRequest[] = [];
      const logApplied = (request: PushRequest, response: PushResponse) => {
        delivered.push(request);
        for (const result of response.results.filter((r) => r.status === 'applied')) {
          const mutation = request.mutations.find((m) => m.mutationId === result.mutationId);
          if (mutation)
            applied.push({ rev: result.rev ?? 0, uuid: mutation.uuid, patch: mutation.fields });
        }
      };
      const replicas: Replica[] = links.map((link) =>
        openReplica(link, { transport: linkedTransport(link, logApplied) }),
      );
      cleanup = async () => {
        for (const replica of replicas) replica.db.close();
        await server.close();
      };
      const uuids: string[] = [];
      const webEdit = async (uuid: string, patch: Patch) => {
        const store = openStore(server.dataDir, { lock: false });
        const id = (
          store.db.prepare('SELECT id FROM posts WHERE uuid = ?').get(uuid) as
            { id: number } | undefined
        )?.id;
        store.close();
        if (!id) return;
        const { title, description, ...shared } = patch as {
          title?: { en?: string };
          description?: { de?: string };
        };
        const calls: Patch[] = [
          shared,
          ...(title?.en ? [{ title: title.en, language: 'en' }] : []),
          ...(description?.de ? [{ description: description.de, language: 'de' }] : []),
        ];
        for (const body of calls.filter((call) => Object.keys(call).length > 0)) {
          const reply = await server.api(`/events/${id}`, { as: 'owner', json: body });
          expect(reply.status).toBe(200);
          const check = openStore(server.dataDir, { lock: false });
          const rev = (
            check.db.prepare('SELECT rev FROM posts WHERE id = ?').get(id) as { rev: number }
          ).rev;
          check.close();
          applied.push({
            rev,
            uuid,
            patch:
              'language' in body
                ? body.title
                  ? { title: { en: body.title } }
                  : { description: { de: body.description } }
                : body,
          });
        }
      };

      for (const op of ops) {
        if (op.type === 'create') {
          uuids.push(
            await replicas[op.client]!.repo.create('event', {
              title: { en: 'New' },
              start: '2026-12-01 20:00:00',
              end: '2026-12-01 21:00:00',
              ...op.patch,
            }),
          );
        } else if (op.type === 'edit') {
          const mine = await replicas[op.client]!.db.events.toArray();
          const target = mine[op.pick % Math.max(1, mine.length)];
          if (target) await replicas[op.client]!.repo.update('event', target.uuid, op.patch);
        } else if (op.type === 'web') {
          const target = uuids[op.pick % Math.max(1, uuids.length)];
          if (target) await webEdit(target, op.patch);
        } else if (op.type === 'toggle') {
          links[op.client]!.online = !links[op.client]!.online;
        } else if (op.type === 'lose') {
          links[op.client]!.loseNextPushAnswer = true;
        } else if (op.type === 'sync') {
          await replicas[op.client]!.engine.syncNow();
        } else if (op.type === 'replay') {
          const request = delivered[op.pick % Math.max(1, delivered.length)];
          if (request) {
            const again = await push(server, request.clientId, request.mutations, 'owner');
            expect(again.results.every((result) => result.mutationId <= again.lastMutationId)).toBe(
              true,
            );
          }
        } else {
          await server.close(true);
          server = await startTestServer({ dataDir: server.dataDir });
          for (const link of links) link.url = server.url;
        }
      }

      for (const link of links)
        Object.assign(link, { online: true, loseNextPushAnswer: false, url: server.url });
      for (let round = 0; round < 3; round += 1)
        for (const replica of replicas) await replica.engine.syncNow();

      const truth = await pull(server, '0', { as: 'owner', limit: 5000 });
      for (const replica of replicas) {
        expect(await replica.db.outbox.count()).toBe(0);
        const held = await replica.db.events.orderBy('uuid').toArray();
        // monthKeys: the replica's own index of the months an event touches.
        expect(
          held.map(
            ({ monthKeys: _, ...event }: (typeof held)[number] & { monthKeys?: string[] }) => event,
          ),
        ).toEqual([...truth.records.event].sort((a, b) => a.uuid.localeCompare(b.uuid)));
      }
      // Every applied write to a field holds unless a later applied write replaced it.
      const last = new Map<string, { rev: number; value: unknown }>();
      for (const write of applied) {
        for (const key of fieldKeysOf('event', write.patch)) {
          const [field = '', language] = key.split('.');
          const value = language
            ? (write.patch[field] as Record<string, unknown>)[language]
            : write.patch[field];
          const id = `${write.uuid} ${key}`;
          if ((last.get(id)?.rev ?? -1) <= write.rev) last.set(id, { rev: write.rev, value });
        }
      }
      const records = new Map(
        truth.records.event.map((record) => [record.uuid, record as Record<string, unknown>]),
      );
      for (const [id, { value }] of last) {
        const [uuid = '', key = ''] = id.split(' ');
        const [field = '', language] = key.split('.');
        const stored = language
          ? ((records.get(uuid)?.[field] as Record<string, unknown> | undefined)?.[language] ?? '')
          : records.get(uuid)?.[field];
        expect(stored, id).toEqual(value);
      }
      await cleanup();
      cleanup = undefined;
    }),
    { numRuns: 40, endOnFailure: true },
  );
}, 300_000);
