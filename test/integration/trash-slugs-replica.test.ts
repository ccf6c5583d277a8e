/**
 * Trash frees the slug, as WordPress does (wp_add_trashed_suffix_to_post_name_for_post,
 * wp_untrash_post): a trashed event, venue or organizer answers `slug__trashed` in every
 * language, a new record may take the old slug, and a restore — by REST, by a sync push, from
 * the editor's replica — gives it back, or the next free `-2`. Requests by the old slug answer
 * as they did before the slug moved. This file: a restore from the editor's replica.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CalendarEvent } from '#shared/schemas/event.ts';
import { at, eventOf } from '../support/events.ts';
import { eventually, openReplica, type Link, type Replica } from '../support/replica.ts';
import { pull } from '../support/sync.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

describe('the editor’s replica', () => {
  let link: Link;
  let replica: Replica;
  beforeEach(() => {
    link = { url: server.url, online: true, loseNextPushAnswer: false };
    replica = openReplica(link);
  });
  afterEach(async () => {
    await replica.engine.stop();
    replica.db.close();
  });

  const local = async (uuid: string) => (await replica.repo.get('event', uuid)) as CalendarEvent;
  const onServer = async (uuid: string) =>
    (await pull(server)).records.event.find((event) => event.uuid === uuid)?.slug;

  it('shows the server’s rule at once, offline too, and ends with the server’s slugs', async () => {
    const uuid = await replica.repo.create('event', {
      title: { en: 'Gig', de: 'Auftritt' },
      start: at(1),
      end: at(1, 2),
    });
    await replica.engine.syncNow();
    const { id } = await local(uuid);

    link.online = false;
    await replica.repo.update('event', uuid, { status: 'trash' });
    expect((await local(uuid)).slug).toEqual({ en: 'gig__trashed', de: 'auftritt__trashed' });
    link.online = true;
    await replica.engine.syncNow();
    expect(await onServer(uuid)).toEqual({ en: 'gig__trashed', de: 'auftritt__trashed' });
    expect(await local(uuid)).toMatchObject({ id, slug: { en: 'gig__trashed' } });

    // Another client takes the slug while this one restores the event offline (the Trash page).
    const other = eventOf(
      await server.api('/events', {
        as: 'owner',
        json: { title: 'Gig', start_date: at(2), end_date: at(2, 1) },
      }),
    );
    expect(other.slug).toBe('gig');
    link.online = false;
    await replica.repo.update('event', uuid, { status: 'publish' });
    expect((await local(uuid)).slug).toEqual({ en: 'gig', de: 'auftritt' });
    link.online = true;
    await replica.engine.syncNow();
    await eventually(async () => (await local(uuid)).slug.en === 'gig-2');
    expect(replica.engine.status()).toMatchObject({ state: 'synced', pending: 0 });
    expect(await local(uuid)).toMatchObject({
      status: 'publish',
      slug: { en: 'gig-2', de: 'auftritt' },
    });
    expect(await onServer(uuid)).toEqual({ en: 'gig-2', de: 'auftritt' });
  });
});
