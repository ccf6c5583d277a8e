/**
 * A TEC site whose core list holds exactly a multiple of 100 events (a page's size): WordPress
 * answers 400 to the page after the last, which a listing takes for the end, not a failure.
 */
import { describe, expect, it } from 'vitest';
import { createTecHttp } from '#server/peers/tec/tec-http.ts';
import { createTecRemote } from '#server/peers/tec/tec-remote.ts';
import { createTecEvent, mark, siteRequest, tecSite } from '../support/tec-site.ts';

const site = tecSite();

describe.skipIf(!site)('a listing of exactly full pages', () => {
  it('lists every event when core’s list ends on a full page', async () => {
    const total = async () =>
      Number(
        (
          await siteRequest(
            site!,
            'wp/v2/tribe_events?per_page=1&status=publish,future,draft,pending,private',
            { as: 'admin' },
          )
        ).headers.get('x-wp-total'),
      );
    const missing = (100 - ((await total()) % 100)) % 100;
    const tag = mark();
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < missing) {
          const index = next;
          next += 1;
          await createTecEvent({
            title: `Full page ${tag} ${index}`,
            start_date: '2027-11-11 10:00:00',
            end_date: '2027-11-11 11:00:00',
          });
        }
      }),
    );
    expect((await total()) % 100).toBe(0);
    const remote = createTecRemote(
      createTecHttp({
        root: `${site!.url}/wp-json/`,
        login: { login: 'admin', password: site!.passwords.admin },
      }),
      { trustsRaw: true },
    );
    const listing = await remote.list('event');
    expect(listing.listed.length).toBeGreaterThanOrEqual(await total());
  });
});
