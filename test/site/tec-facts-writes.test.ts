/**
 * How a TEC site takes writes, as the website sync (server/peers/) writes to it
 * (docs/tec-facts.md), checked against the real site of this run: the trash
 * and deletion for good, no concurrency control, updates that reset what they leave out, links
 * by id, kses. Each case makes records of its own.
 */
import { describe, expect, it } from 'vitest';
import {
  adminRequest as as,
  createTecEvent as createEvent,
  mark,
  siteRequest,
  tecIds,
  tecSite,
  whenUpcoming,
  type Json,
} from '../support/tec-site.ts';

const site = tecSite();
const window = 'start_date=1900-01-01&end_date=2200-12-31';

describe.skipIf(!site)('how a TEC site takes writes, as the website sync writes them', () => {
  it('TEC’s DELETE trashes; a trashed event is 403 to TEC, listed with status=trash, and read by core', async () => {
    const made = await createEvent({ title: `Trash ${mark()}`, ...whenUpcoming });
    const gone = await as(`tribe/events/v1/events/${made.id}?force=true`, { method: 'DELETE' });
    expect(gone.status).toBe(200);
    expect(gone.body.status).toBe('trash');
    expect(gone.body.slug).toMatch(/__trashed$/);
    const read = await as(`tribe/events/v1/events/${made.id}`);
    expect([read.status, read.body.code]).toEqual([403, 'event-no-longer-available']);
    expect(await tecIds(`${window}&status=trash&per_page=50`)).toContain(made.id);
    expect(await tecIds(`${window}&per_page=50`)).not.toContain(made.id);
    const core = await as(`wp/v2/tribe_events/${made.id}?context=edit&_fields=status`);
    expect(core.body.status).toBe('trash');
  });

  it('a TEC update of a trashed event restores it, with the status sent (publish by default)', async () => {
    const made = await createEvent({ title: `Restore ${mark()}`, ...whenUpcoming });
    await as(`tribe/events/v1/events/${made.id}`, { method: 'DELETE' });
    const restored = await as(`tribe/events/v1/events/${made.id}`, {
      body: { title: made.title, ...whenUpcoming },
    });
    expect(restored.body.status).toBe('publish');
    await as(`tribe/events/v1/events/${made.id}`, { method: 'DELETE' });
    const asDraft = await as(`tribe/events/v1/events/${made.id}`, {
      body: { title: made.title, status: 'draft', ...whenUpcoming },
    });
    expect(asDraft.body.status).toBe('draft');
  });

  it('only core deletes for good; afterwards every route answers 404', async () => {
    const made = await createEvent({ title: `Gone ${mark()}`, ...whenUpcoming });
    const deleted = await as(`wp/v2/tribe_events/${made.id}?force=true`, { method: 'DELETE' });
    expect(deleted.body.deleted).toBe(true);
    expect((await as(`tribe/events/v1/events/${made.id}`)).status).toBe(404);
    expect((await as(`wp/v2/tribe_events/${made.id}?context=edit`)).status).toBe(404);
    const listed = await as(
      `wp/v2/tribe_events?include=${made.id}&status=publish,future,draft,pending,private,trash&_fields=id`,
    );
    expect(listed.body).toEqual([]);
  });

  it('no concurrency control: a stale If-Unmodified-Since is ignored, and no ETag is sent', async () => {
    const made = await createEvent({ title: `Race ${mark()}`, ...whenUpcoming });
    const reply = await fetch(`${site!.url}/wp-json/tribe/events/v1/events/${made.id}`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`admin:${site!.passwords.admin}`).toString('base64')}`,
        'content-type': 'application/json',
        'if-unmodified-since': 'Mon, 01 Jan 2001 00:00:00 GMT',
        'if-match': '"nothing"',
      },
      body: JSON.stringify({ title: `${made.title as string} 2`, ...whenUpcoming }),
    });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('etag')).toBeNull();
  });

  it('a TEC update is not partial: what is left out is reset, and the date moves unless sent', async () => {
    const venue = await as('tribe/events/v1/venues', { body: { venue: `Kept ${mark()}` } });
    const organizer = await as('tribe/events/v1/organizers', {
      body: { organizer: `O ${mark()}` },
    });
    const made = await createEvent({
      title: `Whole ${mark()}`,
      ...whenUpcoming,
      timezone: 'Europe/Paris',
      cost: '12',
      website: 'https://example.org/whole',
      featured: true,
      sticky: true,
      show_map: true,
      all_day: false,
      venue: venue.body.id,
      organizer: [organizer.body.id],
      date_utc: '2025-01-02 03:04:05',
    });
    expect(made.date_utc).toBe('2025-01-02 03:04:05');
    const { body: bare } = await as(`tribe/events/v1/events/${made.id}`, {
      body: { title: made.title, ...whenUpcoming },
    });
    expect(bare).toMatchObject({
      featured: false,
      sticky: false,
      show_map: false,
      cost: '',
      organizer: [],
      timezone: 'America/New_York',
    });
    expect(bare.date_utc).not.toBe('2025-01-02 03:04:05');
    // The venue is not reset, and nothing TEC takes in a body unlinks it.
    expect((bare.venue as Json).id).toBe(venue.body.id);
    for (const none of [0, '', [], '0']) {
      const kept = await as(`tribe/events/v1/events/${made.id}`, {
        body: { title: made.title, ...whenUpcoming, venue: none },
      });
      expect((kept.body.venue as Json).id).toBe(venue.body.id);
    }
    // Core's meta does (while the block theme registers TEC's meta).
    await as(`wp/v2/tribe_events/${made.id}`, { body: { meta: { _EventVenueID: [] } } });
    expect((await as(`tribe/events/v1/events/${made.id}`)).body.venue).toEqual([]);
  });

  it('a venue update resets show_map and show_map_link when left out; they are sent as strings', async () => {
    const refused = await as('tribe/events/v1/venues', {
      body: { venue: `Bool ${mark()}`, show_map: false },
    });
    expect(refused.status).toBe(400);
    const venue = await as('tribe/events/v1/venues', {
      body: { venue: `Maps ${mark()}`, show_map: 'false', show_map_link: 'false', city: 'A' },
    });
    expect([venue.body.show_map, venue.body.show_map_link]).toEqual([false, false]);
    const partial = await as(`tribe/events/v1/venues/${venue.body.id as number}`, {
      body: { zip: '12345' },
    });
    expect(partial.body).toMatchObject({ city: 'A', zip: '12345', show_map: true });
  });

  it('links are made by id; a new term with a taken name is term_exists, with the taken one’s id', async () => {
    const name = `Jazz ${mark()}`;
    const category = await as('tribe/events/v1/categories', { body: { name } });
    const byId = await createEvent({
      title: `Terms ${mark()}`,
      ...whenUpcoming,
      categories: [category.body.id],
    });
    expect((byId.categories as Json[]).map((term) => term.id)).toEqual([category.body.id]);
    const again = await as('tribe/events/v1/categories', { body: { name } });
    expect([again.status, again.body.code]).toEqual([400, 'term_exists']);
    expect((again.body.data as Json).term_id).toBe(category.body.id);
  });

  it('authors’ texts lose scripts (kses); editors’ keep them', async () => {
    const body = {
      title: `Kses ${mark()}`,
      description: 'A<script>x()</script>B',
      ...whenUpcoming,
    };
    const byAuthor = await siteRequest(site!, 'tribe/events/v1/events', { body, as: 'author1' });
    expect(byAuthor.status).toBe(201);
    const authorId = (byAuthor.body as Json).id as number;
    const raw = await as(`wp/v2/tribe_events/${authorId}?context=edit&_fields=content`);
    expect((raw.body.content as Json).raw).not.toContain('<script>');
    const byEditor = await siteRequest(site!, 'tribe/events/v1/events', { body, as: 'editor1' });
    const editorId = (byEditor.body as Json).id as number;
    const kept = await as(`wp/v2/tribe_events/${editorId}?context=edit&_fields=content`);
    expect((kept.body.content as Json).raw).toContain('<script>');
  });
});
