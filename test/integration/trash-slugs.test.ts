/**
 * Trash frees the slug, as WordPress does (wp_add_trashed_suffix_to_post_name_for_post,
 * wp_untrash_post): a trashed event, venue or organizer answers `slug__trashed` in every
 * language, a new record may take the old slug, and a restore — by REST, by a sync push, from
 * the editor's replica — gives it back, or the next free `-2`. Requests by the old slug answer
 * as they did before the slug moved. (From the editor's replica: trash-slugs-replica.test.ts.)
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PullResponse } from '#shared/schemas/sync.ts';
import { tecOrganizerSchema } from '#shared/tec/organizer.ts';
import { at, eventOf } from '../support/events.ts';
import { pull, push } from '../support/sync.ts';
import {
  OWNER_TOKEN,
  startTestServer,
  type Reply,
  type TestServer,
} from '../support/test-server.ts';
import { expectError, venueOf } from '../support/venues.ts';

type TrashedCase = {
  kind: 'event' | 'venue' | 'organizer';
  path: string;
  /** The field that names a record in a create or update body, and in a sync patch. */
  name: string;
  syncName: string;
  extra: Record<string, unknown>;
  /** Parses an answer with the kind's wire schema (an organizer drops empty fields). */
  parse: (reply: Reply) => { id: number; slug?: string | undefined; status?: string | undefined };
  /** What reading a trashed record answers today (code of the 403). */
  readTrashed: string;
  /** What deleting it again answers (code of the 410). */
  inTrash: string;
  records: (pulled: PullResponse) => { id: number; uuid: string; rev: number; slug: object }[];
};

const KINDS: TrashedCase[] = [
  {
    kind: 'event',
    path: '/events',
    name: 'title',
    syncName: 'title',
    extra: { start_date: at(1), end_date: at(1, 2) },
    parse: eventOf,
    readTrashed: 'event-no-longer-available',
    inTrash: 'event-is-in-trash',
    records: (pulled) => pulled.records.event,
  },
  {
    kind: 'venue',
    path: '/venues',
    name: 'venue',
    syncName: 'name',
    extra: {},
    parse: venueOf,
    readTrashed: 'venue-not-accessible',
    inTrash: 'venue-is-in-trash',
    records: (pulled) => pulled.records.venue,
  },
  {
    kind: 'organizer',
    path: '/organizers',
    name: 'organizer',
    syncName: 'name',
    extra: {},
    parse: (reply) => tecOrganizerSchema.parse(reply.body),
    readTrashed: 'organizer-not-accessible',
    inTrash: 'organizer-is-in-trash',
    records: (pulled) => pulled.records.organizer,
  },
];

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

describe.each(KINDS)('a trashed $kind', (kind) => {
  const ok = (reply: Reply, status = 200) => {
    expect(reply.status, JSON.stringify(reply.body)).toBe(status);
    return kind.parse(reply);
  };
  /** A record named `name` in English and `german` in German. */
  const create = async (name: string, german = `${name} DE`) => {
    const record = ok(
      await server.api(kind.path, { as: 'owner', json: { [kind.name]: name, ...kind.extra } }),
      201,
    );
    ok(
      await server.api(`${kind.path}/${record.id}?language=de`, {
        as: 'owner',
        json: { [kind.name]: german },
      }),
    );
    return record;
  };
  const trash = async (id: number) =>
    ok(await server.api(`${kind.path}/${id}`, { as: 'owner', method: 'DELETE' }));
  const restore = async (id: number, language = 'en') =>
    ok(
      await server.api(`${kind.path}/${id}?language=${language}`, {
        as: 'owner',
        json: { status: 'publish' },
      }),
    );
  const slugsOf = async (id: number) =>
    kind.records(await pull(server)).find((record) => record.id === id)?.slug;

  it('answers slug__trashed, in every language, in one write that a pull carries', async () => {
    const record = await create('Old Barn', 'Alte Scheune');
    expect(record.slug).toBe('old-barn');
    const before = (await pull(server)).checkpoint;

    const trashed = await trash(record.id);
    expect(trashed).toMatchObject({ status: 'trash', slug: 'old-barn__trashed' });

    const changes = await pull(server, before);
    expect(changes.checkpoint).toBe(String(Number(before) + 1));
    expect(kind.records(changes)).toEqual([
      expect.objectContaining({
        id: record.id,
        rev: Number(before) + 1,
        status: 'trash',
        slug: { en: 'old-barn__trashed', de: 'alte-scheune__trashed' },
      }),
    ]);
  });

  it('lets a new record take the old slug, and a restore gives it back, else the next free -2', async () => {
    const first = await create('Old Barn', 'Alte Scheune');
    await trash(first.id);
    const second = await create('Old Barn', 'Alte Scheune');
    expect(second.id).not.toBe(first.id);
    expect(second.slug).toBe('old-barn');

    const before = (await pull(server)).checkpoint;
    expect(await restore(first.id)).toMatchObject({ status: 'publish', slug: 'old-barn-2' });
    const changes = await pull(server, before);
    expect(changes.checkpoint).toBe(String(Number(before) + 1));
    expect(kind.records(changes)[0]?.slug).toEqual({ en: 'old-barn-2', de: 'alte-scheune-2' });

    const lone = await create('Phoenix', 'Phönix');
    await trash(lone.id);
    expect(await restore(lone.id, 'de')).toMatchObject({ slug: 'phoenix' });
    // German texts follow WordPress's German rule: ö is oe.
    expect(await slugsOf(lone.id)).toEqual({ en: 'phoenix', de: 'phoenix' });
  });

  it('keeps two trashed records with the same old slug apart, and gives it back to either', async () => {
    const first = await create('Shed');
    await trash(first.id);
    const second = await create('Shed');
    expect((await trash(second.id)).slug).toBe('shed__trashed-2');
    expect((await restore(second.id)).slug).toBe('shed');
    expect((await restore(first.id)).slug).toBe('shed-2');
  });

  it('answers requests by the old slug as before: 403 to read, 410 to delete, a restore by it', async () => {
    const record = await create('Old Barn');
    await trash(record.id);
    expectError(await server.api(`${kind.path}/by-slug/old-barn`), 403, kind.readTrashed);
    expectError(
      await server.api(`${kind.path}/by-slug/old-barn`, { as: 'owner', method: 'DELETE' }),
      410,
      kind.inTrash,
    );
    expectError(
      await server.api(`${kind.path}/by-slug/old-barn-de?language=de`, {
        as: 'owner',
        method: 'DELETE',
      }),
      410,
      kind.inTrash,
    );
    const restored = ok(
      await server.api(`${kind.path}/by-slug/old-barn`, {
        as: 'owner',
        json: { status: 'publish' },
      }),
    );
    expect(restored).toMatchObject({ id: record.id, slug: 'old-barn' });

    // Once another record has taken the slug, the slug names that one.
    await trash(record.id);
    const other = await create('Old Barn');
    expect(ok(await server.api(`${kind.path}/by-slug/old-barn`)).id).toBe(other.id);
  });

  it('is trashed and restored by sync pushes too, the slugs following', async () => {
    const record = await create('Old Barn', 'Alte Scheune');
    const mutation = async (mutationId: number, fields: Record<string, unknown>) => {
      const current = kind.records(await pull(server)).find((r) => r.id === record.id);
      const reply = await push(server, 'client-trash-1', [
        {
          mutationId,
          kind: kind.kind,
          op: 'update',
          uuid: current?.uuid,
          baseRev: current?.rev,
          fields,
        },
      ]);
      expect(reply.results[0]).toMatchObject({ status: 'applied' });
    };
    await mutation(1, { status: 'trash' });
    const trashed = { en: 'old-barn__trashed', de: 'alte-scheune__trashed' };
    expect(await slugsOf(record.id)).toEqual(trashed);
    // A client that sends the slug the record has, with an edit, leaves it as it is.
    await mutation(2, { [kind.syncName]: { en: 'The Old Barn' }, slug: { en: trashed.en } });
    expect(await slugsOf(record.id)).toEqual(trashed);
    // Slugs are unique per language: this one takes the German slug only.
    await create('New Barn', 'Alte Scheune');
    await mutation(3, { status: 'publish' });
    expect(await slugsOf(record.id)).toEqual({ en: 'old-barn', de: 'alte-scheune-2' });
  });
});

describe('trashed slugs in backups', () => {
  it('are kept by a backup and its restore, and given back by a restore from the trash there', async () => {
    const venue = venueOf(
      await server.api('/venues', { as: 'owner', json: { venue: 'Old Barn' } }),
    );
    await server.api(`/venues/${venue.id}`, { as: 'owner', method: 'DELETE' });
    const backup = await (
      await fetch(`${server.url}/wp-json/marquee/v1/export?format=json`, {
        headers: { authorization: `Bearer ${OWNER_TOKEN}` },
      })
    ).text();
    expect(backup).toContain('"old-barn__trashed"');

    const target = await startTestServer();
    try {
      const restored = await target.request('/wp-json/marquee/v1/import?format=json', {
        as: 'owner',
        text: backup,
      });
      expect(restored.status, JSON.stringify(restored.body)).toBe(201);
      expect((await pull(target)).records.venue[0]?.slug).toEqual({ en: 'old-barn__trashed' });
      const back = await target.api(`/venues/${venue.id}`, {
        as: 'owner',
        json: { status: 'publish' },
      });
      expect(venueOf(back).slug).toBe('old-barn');
    } finally {
      await target.close();
    }
  });
});
