/**
 * Real WordPress client libraries against the server: node-wpapi finds the API from the site's
 * address (the discovery Link) and reads events through the routes the index lists;
 * @wordpress/api-fetch creates, updates and deletes the way the block editor does, sending PUT
 * and DELETE as a POST with X-HTTP-Method-Override.
 */
import apiFetch, { type APIFetchMiddleware } from '@wordpress/api-fetch';
import WPAPI from 'wpapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tecEventListSchema, tecEventSchema } from '#shared/tec/event.ts';
import { editorPage } from '../support/editor-page.ts';
import { at, createEvent } from '../support/events.ts';
import { OWNER_TOKEN, startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
const editor = editorPage();

beforeAll(async () => {
  // The editor's page at `/` is where discovery starts, as a WordPress home page is.
  server = await startTestServer({ staticDir: editor.dir });
});
afterAll(async () => {
  await server.close();
  editor.remove();
});

/** node-wpapi builds one method per route from the index; its types cannot know them. */
type TecRoutes = WPAPI & { events: WPAPI.WPRequestFactory; venues: WPAPI.WPRequestFactory };

describe('node-wpapi', () => {
  it('discovers the API from the site address and reads events through its route handlers', async () => {
    const jazz = await createEvent(server, {
      title: 'Jazz Night',
      start_date: at(1),
      end_date: at(1, 3),
      venue: { venue: 'Blue Note' },
    });
    await createEvent(server, { title: 'Folk Evening', start_date: at(2), end_date: at(2, 2) });

    const site = await WPAPI.discover(server.url);
    const tec = site.namespace('tribe/events/v1') as TecRoutes;

    const list = tecEventListSchema.parse(await tec.events().get());
    expect(list.events.map((event) => event.title)).toEqual(['Jazz Night', 'Folk Evening']);
    // .search() exists because the index lists a `search` argument for the route.
    const searched = tecEventListSchema.parse(await tec.events().search('folk').get());
    expect(searched.events.map((event) => event.title)).toEqual(['Folk Evening']);
    const one = tecEventSchema.parse(await tec.events().id(jazz.id).get());
    expect(one).toMatchObject({ id: jazz.id, title: 'Jazz Night' });
    const venues = (await tec.venues().get()) as { venues: { venue: string }[] };
    expect(venues.venues.map((venue) => venue.venue)).toEqual(['Blue Note']);
  });

  it('also reads through a route registered by hand, as sites without discovery do', async () => {
    const event = await createEvent(server, {
      title: 'Registered',
      start_date: at(3),
      end_date: at(3, 1),
    });
    const site = new WPAPI({ endpoint: `${server.url}/wp-json` }) as TecRoutes;
    // The handler reads the site's options through `this`, so it lives on the site.
    site.events = site.registerRoute('tribe/events/v1', '/events/(?P<id>\\d+)');
    const read = tecEventSchema.parse(await site.events().id(event.id).get());
    expect(read.title).toBe('Registered');
  });
});

describe('node-wpapi on wp/v2', () => {
  /** The post types and taxonomies TEC registers in WordPress's own namespace. */
  type WpRoutes = WPAPI & { tribe_events: WPAPI.WPRequestFactory };
  type Embedded = {
    id: number;
    title: { rendered: string };
    meta: { _EventVenueID: number[] };
    _embedded: { author: { id: number }[]; 'wp:term': { name: string }[][] };
  };

  it('reads events from wp/v2 with _embed, as headless site builders do', async () => {
    const event = await createEvent(server, {
      title: 'Headless Gala',
      start_date: at(5),
      end_date: at(5, 2),
      venue: { venue: 'Opera' },
      categories: ['Gala'],
    });
    const site = await WPAPI.discover(server.url);
    const wp = site.namespace('wp/v2') as WpRoutes;
    const posts = (await wp.tribe_events().embed().search('gala').get()) as Embedded[] & {
      _paging: { total: number };
    };
    expect(posts._paging.total).toBe(1);
    expect(posts[0]).toMatchObject({
      id: event.id,
      title: { rendered: 'Headless Gala' },
      meta: { _EventVenueID: [event.venue && 'id' in event.venue ? event.venue.id : 0] },
      _embedded: { author: [{ id: 1 }], 'wp:term': [[], [{ name: 'Gala' }]] },
    });
  });
});

describe('@wordpress/api-fetch', () => {
  /** What went over the wire: api-fetch's own middlewares have run by then. */
  const sent: { method: string | undefined; override: string | undefined }[] = [];

  beforeAll(() => {
    apiFetch.use(apiFetch.createRootURLMiddleware(`${server.url}/wp-json/`));
    const ownerToken: APIFetchMiddleware = (options, next) =>
      next({ ...options, headers: { ...options.headers, Authorization: `Bearer ${OWNER_TOKEN}` } });
    apiFetch.use(ownerToken);
    apiFetch.setFetchHandler((options) => {
      sent.push({
        method: options.method,
        override: options.headers?.['X-HTTP-Method-Override'],
      });
      return apiFetch.defaultFetchHandler(options);
    });
  });

  it('creates, updates and deletes an event, PUT and DELETE going as POST + override', async () => {
    const created = tecEventSchema.parse(
      await apiFetch({
        path: '/tribe/events/v1/events',
        method: 'POST',
        data: { title: 'From the block editor', start_date: at(4), end_date: at(4, 2) },
      }),
    );
    expect(created.title).toBe('From the block editor');

    const updated = tecEventSchema.parse(
      await apiFetch({
        path: `/tribe/events/v1/events/${created.id}`,
        method: 'PUT',
        data: { title: 'Renamed in the block editor' },
      }),
    );
    expect(updated).toMatchObject({ id: created.id, title: 'Renamed in the block editor' });

    const deleted = tecEventSchema.parse(
      await apiFetch({ path: `/tribe/events/v1/events/${created.id}`, method: 'DELETE' }),
    );
    expect(deleted.status).toBe('trash');
    await expect(
      apiFetch({ path: `/tribe/events/v1/events/${created.id}`, method: 'DELETE' }),
    ).rejects.toMatchObject({ data: { status: 410 } });

    expect(sent.slice(0, 3)).toEqual([
      { method: 'POST', override: undefined },
      { method: 'POST', override: 'PUT' },
      { method: 'POST', override: 'DELETE' },
    ]);
  });
});
