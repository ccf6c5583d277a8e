/**
 * `orderby` on WordPress core's event collection: relevance ranked as WP_Query ranks it (and
 * refused without a search), the slugs' own order, TEC's order (start, then publication) after
 * an order of ties, and core's refusal of an order it does not know.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
const wp = (path: string) => server.request(`/wp-json/wp/v2${path}`);

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('orderby', () => {
  const ids = async (query: string) =>
    ((await wp(`/tribe_events?${query}&_fields=id`)).body as { id: number }[]).map(({ id }) => id);
  const create = async (title: string, day: string, description = '') =>
    (
      (
        await server.api('/events', {
          as: 'owner',
          json: {
            title,
            description,
            start_date: `2027-01-${day} 20:00:00`,
            end_date: `2027-01-${day} 22:00:00`,
          },
        })
      ).body as { id: number }
    ).id;

  it('ranks by relevance as WordPress does, and wants a search for it', async () => {
    const words = await create('Blues and Quokka', '10');
    const phrase = await create('Quokka Blues Night', '11');
    const described = await create('Late show', '12', 'Quokka blues all night.');
    for (const order of ['desc', 'asc'])
      expect(await ids(`search=quokka+blues&orderby=relevance&order=${order}`)).toEqual([
        phrase,
        words,
        described,
      ]);
    expect(await wp('/tribe_events?orderby=relevance')).toMatchObject({
      status: 400,
      body: { code: 'rest_no_search_term_defined', data: { status: 400 } },
    });
  });

  it('orders by the slugs given, then by TEC’s start date after an order of ties', async () => {
    const later = await create('Wombat Late', '20');
    const earlier = await create('Wombat Early', '19');
    expect(await ids('slug=wombat-early,wombat-late&orderby=include_slugs')).toEqual([
      earlier,
      later,
    ]);
    expect(await ids('slug=wombat-late,wombat-early&orderby=include_slugs')).toEqual([
      later,
      earlier,
    ]);
    // One author and no parents: TEC's own order decides, the earlier start first.
    for (const orderby of ['author', 'parent'])
      expect(await ids(`search=wombat&orderby=${orderby}`)).toEqual([earlier, later]);
  });

  it('refuses an order WordPress does not know with core’s words', async () => {
    const message =
      'orderby is not one of author, date, id, include, modified, parent, relevance, slug, include_slugs, and title.';
    expect(await wp('/tribe_events?orderby=menu_order')).toMatchObject({
      status: 400,
      body: {
        code: 'rest_invalid_param',
        data: { details: { orderby: { code: 'rest_not_in_enum', message, data: null } } },
      },
    });
  });
});
