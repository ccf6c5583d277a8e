/**
 * WordPress core's post collections over Marquee's records (`wp/v2/tribe_events`,
 * `/tribe_venue`, `/tribe_organizer`): WordPress's shape with TEC's meta, WP_Query's filters and
 * paging, the statuses and `context=edit` each role may ask for, and core's refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
const wp = (path: string, as?: Parameters<TestServer['request']>[1]) =>
  server.request(`/wp-json/wp/v2${path}`, as);

type WpPost = {
  id: number;
  slug: string;
  status: string;
  title: { rendered: string; raw?: string };
  content: { rendered: string; protected: boolean; raw?: string };
  meta: Record<string, unknown>;
  tags?: number[];
  tribe_events_cat?: number[];
  _embedded?: Record<string, unknown>;
};

let jazz: {
  id: number;
  venue: { id: number };
  organizer: { id: number }[];
  categories: { id: number }[];
  tags: { id: number }[];
};
let folkId: number;
let draftId: number;

beforeAll(async () => {
  server = await startTestServer();
  const created = await server.api('/events', {
    as: 'owner',
    json: {
      title: 'Jazz & Blues',
      description: 'An evening of jazz.',
      start_date: '2026-12-01 20:00:00',
      end_date: '2026-12-01 23:00:00',
      cost: '€12',
      venue: { venue: 'Blue Note', city: 'Paris' },
      organizer: [{ organizer: 'Night Owls', email: 'owls@example.org' }],
      categories: ['Music'],
      tags: ['late'],
    },
  });
  jazz = created.body as typeof jazz;
  folkId = (
    (
      await server.api('/events', {
        as: 'owner',
        json: {
          title: 'Folk Morning',
          start_date: '2026-12-02 09:00:00',
          end_date: '2026-12-02 10:00:00',
        },
      })
    ).body as { id: number }
  ).id;
  draftId = (
    (
      await server.api('/events', {
        as: 'owner',
        json: {
          title: 'Secret Draft',
          status: 'draft',
          start_date: '2026-12-03 09:00:00',
          end_date: '2026-12-03 10:00:00',
        },
      })
    ).body as { id: number }
  ).id;
});
afterAll(() => server.close());

describe('wp/v2/tribe_events', () => {
  it('lists published events in WordPress’s post shape with TEC’s meta', async () => {
    const reply = await wp('/tribe_events');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('x-wp-total')).toBe('2');
    expect(reply.headers.get('x-wp-totalpages')).toBe('1');
    const posts = reply.body as WpPost[];
    expect(posts.map((post) => post.id).sort()).toEqual([jazz.id, folkId].sort());
    const event = posts.find((post) => post.id === jazz.id)!;
    expect(event).toMatchObject({
      type: 'tribe_events',
      status: 'publish',
      slug: 'jazz-blues',
      title: { rendered: 'Jazz &#038; Blues' },
      content: { rendered: '<p>An evening of jazz.</p>\n', protected: false },
      tags: [jazz.tags[0]!.id],
      tribe_events_cat: [jazz.categories[0]!.id],
      meta: {
        _EventStartDate: '2026-12-01 20:00:00',
        _EventStartDateUTC: '2026-12-01 20:00:00',
        _EventCost: '€12',
        _EventVenueID: [jazz.venue.id],
        _EventOrganizerID: [jazz.organizer[0]!.id],
        _VenueCity: '',
      },
    });
    expect(event).not.toHaveProperty('title.raw');
  });

  it('reads one event by id, 404 for none or another kind', async () => {
    const one = await wp(`/tribe_events/${jazz.id}`);
    expect((one.body as WpPost).id).toBe(jazz.id);
    const none = await wp('/tribe_events/999999');
    expect(none).toMatchObject({
      status: 404,
      body: { code: 'rest_post_invalid_id', message: 'Invalid post ID.', data: { status: 404 } },
    });
    expect(none.headers.get('allow')).toBeNull();
    expect((await wp(`/tribe_events/${jazz.venue.id}`)).status).toBe(404);
    // An event's page, as WordPress links it from the answer.
    expect(one.headers.get('link')).toMatch(/; rel="alternate"; type=text\/html$/);
    expect(one.headers.get('allow')).toBe('GET');
  });

  it('filters by search, include, exclude, slug, category and tag, and orders', async () => {
    const ids = async (query: string) =>
      ((await wp(`/tribe_events?${query}`)).body as WpPost[]).map((post) => post.id);
    expect(await ids('search=folk')).toEqual([folkId]);
    expect(await ids(`include=${folkId}`)).toEqual([folkId]);
    expect(await ids(`exclude=${folkId}`)).toEqual([jazz.id]);
    expect(await ids('slug=jazz-blues')).toEqual([jazz.id]);
    expect(await ids(`tribe_events_cat=${jazz.categories[0]!.id}`)).toEqual([jazz.id]);
    expect(await ids(`tags=${jazz.tags[0]!.id}`)).toEqual([jazz.id]);
    expect(await ids('orderby=title&order=asc')).toEqual([folkId, jazz.id]);
    expect(await ids(`include=${jazz.id},${folkId}&orderby=include`)).toEqual([jazz.id, folkId]);
  });

  it('pages with X-WP-Total, and refuses per_page above 100 and a page past the last', async () => {
    const page2 = await wp('/tribe_events?per_page=1&page=2&orderby=id&order=asc');
    expect(page2.headers.get('x-wp-totalpages')).toBe('2');
    expect((page2.body as WpPost[]).map((post) => post.id)).toEqual([folkId]);
    expect(await wp('/tribe_events?per_page=101')).toMatchObject({
      status: 400,
      body: {
        code: 'rest_invalid_param',
        data: {
          params: { per_page: 'per_page must be between 1 (inclusive) and 100 (inclusive)' },
          details: { per_page: { code: 'rest_out_of_bounds' } },
        },
      },
    });
    expect(await wp('/tribe_events?page=5')).toMatchObject({
      status: 400,
      body: { code: 'rest_post_invalid_page_number' },
    });
  });

  it('takes RFC 3339 modified_after and refuses other dates', async () => {
    expect(
      ((await wp('/tribe_events?modified_after=2000-01-01T00:00:00Z')).body as WpPost[]).length,
    ).toBe(2);
    expect(
      ((await wp('/tribe_events?modified_after=2100-01-01T00:00:00')).body as WpPost[]).length,
    ).toBe(0);
    expect(await wp('/tribe_events?modified_after=yesterday')).toMatchObject({
      status: 400,
      body: {
        data: {
          params: { modified_after: 'Invalid date.' },
          details: { modified_after: { code: 'rest_invalid_date' } },
        },
      },
    });
  });

  it('shows other statuses to writers only, as WordPress does', async () => {
    expect(await wp('/tribe_events?status=draft')).toMatchObject({
      status: 400,
      body: {
        code: 'rest_invalid_param',
        data: { details: { status: { code: 'rest_forbidden_status', data: { status: 401 } } } },
      },
    });
    const any = await wp('/tribe_events?status=any', { as: 'editor' });
    expect((any.body as WpPost[]).map((post) => post.id)).toContain(draftId);
    expect((await wp(`/tribe_events/${draftId}`)).status).toBe(401);
    expect((await wp(`/tribe_events/${draftId}`, { as: 'editor' })).status).toBe(200);
  });

  it('answers context=edit with raw texts to editors, 401 to the public', async () => {
    const edit = await wp(`/tribe_events/${jazz.id}?context=edit`, { as: 'owner' });
    expect(edit.body).toMatchObject({
      title: { raw: 'Jazz & Blues' },
      content: { raw: 'An evening of jazz.' },
    });
    expect(await wp('/tribe_events?context=edit')).toMatchObject({
      status: 401,
      body: { code: 'rest_forbidden_context' },
    });
  });

  it('keeps only _fields, and embeds the author and terms with _embed', async () => {
    const fields = await wp(`/tribe_events/${jazz.id}?_fields=id,title.rendered`);
    expect(fields.body).toEqual({ id: jazz.id, title: { rendered: 'Jazz &#038; Blues' } });
    const embedded = (await wp(`/tribe_events/${jazz.id}?_embed=1`)).body as WpPost;
    expect(embedded._embedded).toMatchObject({
      author: [{ id: 1 }],
      'wp:term': [
        [{ name: 'late', taxonomy: 'post_tag' }],
        [{ name: 'Music', taxonomy: 'tribe_events_cat' }],
      ],
    });
    // The embed context's fields, as core embeds a term and an author.
    const { author, 'wp:term': terms } = embedded._embedded as {
      author: object[];
      'wp:term': object[][];
    };
    expect(Object.keys(terms[1]![0]!)).toEqual([
      'id',
      'link',
      'name',
      'slug',
      'taxonomy',
      '_links',
    ]);
    expect(Object.keys(author[0]!)).toEqual([
      'id',
      'name',
      'url',
      'description',
      'link',
      'slug',
      'avatar_urls',
      '_links',
    ]);
  });
});

describe('wp/v2/tribe_venue and tribe_organizer', () => {
  it('list venues and organizers with their own meta', async () => {
    const venues = (await wp('/tribe_venue')).body as WpPost[];
    expect(venues).toMatchObject([
      {
        id: jazz.venue.id,
        type: 'tribe_venue',
        title: { rendered: 'Blue Note' },
        meta: { _VenueCity: 'Paris' },
      },
    ]);
    const organizer = (await wp(`/tribe_organizer/${jazz.organizer[0]!.id}`)).body as WpPost;
    expect(organizer).toMatchObject({
      type: 'tribe_organizer',
      meta: { _OrganizerEmail: 'owls@example.org', _EventVenueID: [] },
    });
    expect(organizer).not.toHaveProperty('tags');
  });
});

describe('_embed', () => {
  it('embeds an image as wp:featuredmedia, and only the relations named', async () => {
    const image = 'https://venue.example/images/poster.png';
    const created = await server.api('/events', {
      as: 'owner',
      json: {
        title: 'Poster Night',
        start_date: '2026-12-05 20:00:00',
        end_date: '2026-12-05 23:00:00',
        image,
        venue: { venue: 'Poster Hall', image },
        organizer: [{ organizer: 'No Picture' }],
      },
    });
    const event = created.body as {
      id: number;
      venue: { id: number };
      organizer: { id: number }[];
    };
    const attachment = {
      id: 0,
      type: 'attachment',
      slug: 'poster',
      title: { rendered: 'poster' },
      media_type: 'image',
      mime_type: 'image/png',
      source_url: image,
      alt_text: '',
    };
    for (const path of [`/tribe_events/${event.id}`, `/tribe_venue/${event.venue.id}`]) {
      const read = (await wp(`${path}?_embed`)).body as WpPost & { _links: object };
      expect(read._links).toMatchObject({
        'wp:featuredmedia': [{ embeddable: true, href: image }],
      });
      expect(read._embedded).toMatchObject({
        author: [{ id: 1 }],
        'wp:featuredmedia': [attachment],
      });
    }
    const organizer = (await wp(`/tribe_organizer/${event.organizer[0]!.id}?_embed=1`))
      .body as WpPost & { _links: object };
    expect(organizer._links).not.toHaveProperty('wp:featuredmedia');
    expect(Object.keys(organizer._embedded ?? {})).toEqual(['author']);
    const some = (await wp(`/tribe_events/${event.id}?_embed=wp:featuredmedia,wp:term`))
      .body as WpPost;
    expect(Object.keys(some._embedded ?? {})).toEqual(['wp:featuredmedia', 'wp:term']);
    const listed = (await wp(`/tribe_events?include=${event.id}&_embed[]=author`)).body as WpPost[];
    expect(Object.keys(listed[0]?._embedded ?? {})).toEqual(['author']);
  });
});
