/**
 * The real TEC site the `site` project starts answers as the facts its clients rely on say:
 * TEC's API is there, an application password logs in, and a wrong one is a 401 even for reads.
 */
import { describe, expect, it } from 'vitest';
import { siteRequest, tecSite } from '../support/tec-site.ts';

const site = tecSite();

describe.skipIf(!site)('the TEC site of this run', () => {
  it('serves TEC’s API, and logs its users in with their application passwords', async () => {
    const index = await siteRequest(site!, 'tribe/events/v1/');
    expect(index.status).toBe(200);
    const me = await siteRequest(site!, 'wp/v2/users/me?context=edit', { as: 'editor1' });
    expect(me.status).toBe(200);
    expect((me.body as { roles: string[] }).roles).toEqual(['editor']);
    const wrong = await fetch(`${site!.url}/wp-json/tribe/events/v1/events`, {
      headers: { authorization: `Basic ${Buffer.from('admin:wrong').toString('base64')}` },
    });
    expect(wrong.status).toBe(401);
  });
});
