/**
 * Scheduled publication, as WordPress does it (wp_insert_post, publish_future_post): a publish
 * write with a publication date still to come stores `future`, which nobody but those who may
 * edit it sees, until the server publishes it by itself at that moment — as a write (a new
 * revision), so kept answers and sync pulls follow. The fixed clock stands for the time passing.
 */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '#server/clock.ts';
import { silentLogger } from '#server/logger.ts';
import { startServer } from '#server/start-server.ts';
import { openStore } from '#server/store/open-store.ts';
import { at, createEvent, eventOf, titles } from '../support/events.ts';
import { pull, push } from '../support/sync.ts';
import {
  OWNER_TOKEN,
  QUIET_PEERS,
  startTestServer,
  TEST_NOW,
  type TestServer,
} from '../support/test-server.ts';
import { createVenue, expectError, venueListOf } from '../support/venues.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer(QUIET_PEERS);
});
afterEach(() => server.close());

const FEED = '/wp-json/marquee/v1/ical';
/** The instant of a UTC `YYYY-MM-DD HH:MM:SS`, as at() gives them. */
const instant = (utc: string) => new Date(`${utc.replace(' ', 'T')}Z`);

/** A concert two days ahead, announced (published) one hour from now. */
const concert = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  description: `${title} with the whole orchestra`,
  start_date: at(2),
  end_date: at(2, 2),
  date: at(0, 1),
  ...extra,
});

async function feedText(): Promise<string> {
  const reply = await server.request(FEED);
  expect(reply.status).toBe(200);
  return String(reply.body);
}

describe('a write with a publication date still to come', () => {
  it('is stored as future, by a create, an update or a sync push', async () => {
    expect((await createEvent(server, concert('Gala'))).status).toBe('future');
    // Asked for `publish` explicitly, and with `date_utc`.
    const explicit = await createEvent(server, {
      ...concert('Matinee', { date: undefined }),
      status: 'publish',
      date_utc: at(1),
    });
    expect(explicit).toMatchObject({ status: 'future', date_utc: at(1) });

    const now = await createEvent(server, concert('Soiree', { date: undefined }));
    expect(now.status).toBe('publish');
    const moved = await server.api(`/events/${now.id}`, {
      as: 'owner',
      json: { date: at(3) },
    });
    expect(eventOf(moved).status).toBe('future');

    const uuid = randomUUID();
    await push(server, 'scheduling-client', [
      {
        mutationId: 1,
        kind: 'event',
        op: 'create',
        uuid,
        baseRev: 0,
        fields: { title: { en: 'Pushed' }, start: at(2), end: at(2, 1), date: at(0, 5) },
      },
    ]);
    const pulled = (await pull(server)).records.event.find((event) => event.uuid === uuid);
    expect(pulled?.status).toBe('future');
  });

  it('counts less than a minute ahead as now, as WordPress does', async () => {
    const soon = new Date(TEST_NOW.getTime() + 30_000).toISOString().slice(0, 19).replace('T', ' ');
    expect((await createEvent(server, concert('Almost now', { date: soon }))).status).toBe(
      'publish',
    );
  });

  it('is published when the date is not in the future, even when asked for future', async () => {
    const past = await createEvent(server, concert('Past', { status: 'future', date: at(-1) }));
    expect(past.status).toBe('publish');
    // A scheduled event whose date is moved to the past is published by that write.
    const scheduled = await createEvent(server, concert('Moved back'));
    const reply = await server.api(`/events/${scheduled.id}`, {
      as: 'owner',
      json: { date: at(-1) },
    });
    expect(eventOf(reply).status).toBe('publish');
  });

  it('stays pending from a contributor, and draft when a draft', async () => {
    expect((await createEvent(server, concert('Proposal'), 'contributor')).status).toBe('draft');
    expect(
      (await createEvent(server, concert('Proposal', { status: 'publish' }), 'contributor')).status,
    ).toBe('pending');
    expect((await createEvent(server, concert('Sketch', { status: 'draft' }))).status).toBe(
      'draft',
    );
  });
});

describe('a future event', () => {
  it('is not public: not listed, read, found, searched or fed, but its owner sees it', async () => {
    await createEvent(server, concert('Public one', { date: undefined }));
    const event = await createEvent(server, concert('Secret gala'));
    const slug = event.slug;

    expect(await titles(server, '')).toEqual(['Public one']);
    expect(await titles(server, '?search=Secret')).toEqual([]);
    expectError(await server.api(`/events/${event.id}`), 403, 'event-not-accessible');
    expectError(await server.api(`/events/by-slug/${slug}`), 403, 'event-not-accessible');
    expectError(await server.api('/events?status=future'), 400, 'rest_invalid_param');
    const feed = await feedText();
    expect(feed).toContain('Public one');
    expect(feed).not.toContain('Secret gala');

    expect(eventOf(await server.api(`/events/${event.id}`, { as: 'owner' })).status).toBe('future');
    expect(await titles(server, '?search=Secret', 'owner')).toEqual(['Secret gala']);
    expect(await titles(server, '?status=future', 'editor')).toEqual(['Secret gala']);
  });

  it('is published by itself at its date: a new revision, then public everywhere', async () => {
    const event = await createEvent(server, concert('Premiere'));
    const before = await pull(server);
    const rev = before.records.event.find((record) => record.id === event.id)?.rev ?? 0;
    // A kept (cached) anonymous answer without it.
    expect(await titles(server, '')).toEqual([]);
    const statements = server.statementCount();
    expect(await titles(server, '')).toEqual([]);
    expect(server.statementCount()).toBe(statements);

    server.clock.set(new Date(instant(at(0, 1)).getTime() - 1000));
    expect(await titles(server, '')).toEqual([]);
    server.clock.set(instant(at(0, 1)));

    expect(await titles(server, '')).toEqual(['Premiere']);
    const published = eventOf(await server.api(`/events/${event.id}`));
    expect(published).toMatchObject({ status: 'publish', date_utc: at(0, 1) });
    expect(eventOf(await server.api(`/events/by-slug/${event.slug}`)).id).toBe(event.id);
    expect(await titles(server, '?search=Premiere')).toEqual(['Premiere']);
    expect(await feedText()).toContain('Premiere');

    const after = await pull(server, before.checkpoint);
    expect(after.records.event).toHaveLength(1);
    expect(after.records.event[0]).toMatchObject({ id: event.id, status: 'publish' });
    expect(after.records.event[0]?.rev).toBeGreaterThan(rev);
    expect(Number(after.checkpoint)).toBe(after.records.event[0]?.rev);
  });

  it('is published at start-up when it came due while the server was stopped', async () => {
    const event = await createEvent(server, concert('Overnight'));
    await server.close(true);
    const restarted = await startServer({
      dataDir: server.dataDir,
      port: 0,
      adminToken: OWNER_TOKEN,
      overrides: { timezone: 'UTC' },
      clock: fixedClock(instant(at(1))),
      logger: silentLogger,
    });
    try {
      // Published before any request came.
      const store = openStore(server.dataDir, { lock: false });
      const row = store.db.prepare('SELECT status FROM posts WHERE id = ?').get(event.id);
      store.close();
      expect(row).toEqual({ status: 'publish' });
      const reply = await fetch(`${restarted.url}/wp-json/tribe/events/v1/events/${event.id}`);
      expect(reply.status).toBe(200);
    } finally {
      await restarted.close();
    }
    // afterEach closes the first server again: give it a fresh one to close.
    rmSync(server.dataDir, { recursive: true, force: true });
    server = await startTestServer();
  });
});

describe('venues and organizers', () => {
  it('share the rule: future until their date, then published by themselves', async () => {
    const venue = await createVenue(server, { venue: 'New hall', date_utc: at(0, 2) });
    expect(venue.status).toBe('future');
    const organizerReply = await server.api('/organizers', {
      as: 'owner',
      json: { organizer: 'New society', date_utc: at(0, 3) },
    });
    expect(organizerReply.status).toBe(201);
    const organizer = organizerReply.body as { id: number; status: string };
    expect(organizer.status).toBe('future');

    expect(venueListOf(await server.api('/venues')).venues).toEqual([]);
    expectError(await server.api(`/venues/${venue.id}`), 403, 'venue-not-accessible');
    expect((await server.api(`/organizers/${organizer.id}`)).status).toBe(403);

    server.clock.set(instant(at(0, 2)));
    expect(venueListOf(await server.api('/venues')).venues.map((v) => v.venue)).toEqual([
      'New hall',
    ]);
    expect((await server.api(`/organizers/${organizer.id}`)).status).toBe(403);
    server.clock.set(instant(at(0, 3)));
    const read = await server.api(`/organizers/${organizer.id}`);
    expect(read.status).toBe(200);
    expect((read.body as { status: string }).status).toBe('publish');
  });
});
