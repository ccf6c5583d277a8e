/**
 * The website down while the scheduler keeps trying: its problem is one line of the log that
 * counts the tries and says when the next one is (not a line per retry), and the status says
 * how many changes made here wait to be sent.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { SiteStatus } from '#shared/schemas/site.ts';
import type { PeerLogEntry } from '#shared/schemas/peer.ts';
import { calendarFor } from '../support/site-sync.ts';
import { startSiteProxy, type SiteProxy } from '../support/site-proxy.ts';
import type { TestServer } from '../support/test-server.ts';
import { tecSite } from '../support/tec-site.ts';

const site = tecSite();

let calendar: TestServer | undefined;
let proxy: SiteProxy | undefined;
afterEach(async () => {
  await calendar?.close();
  await proxy?.close();
});

describe.skipIf(!site)('the website down, tried again by itself', () => {
  it('keeps one problem line with its tries and next try, and counts what waits', async () => {
    calendar = await calendarFor({ sitePollSeconds: 60 });
    proxy = await startSiteProxy(site!.url);
    const server = calendar;
    const connected = await server.request('/wp-json/marquee/v1/site', {
      method: 'PUT',
      as: 'owner',
      json: { address: proxy.url, login: 'admin', password: site!.passwords.admin, confirm: true },
    });
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    proxy.mode = 'broken';
    // A change made here: the scheduler's pass for it fails, and is tried again (5 s later).
    await server.api('/events', {
      as: 'owner',
      json: { title: 'Waits', start_date: '2027-09-01 20:00:00', end_date: '2027-09-01 21:00:00' },
    });
    const log = async () =>
      (await server.request('/wp-json/marquee/v1/site/log', { as: 'owner' }))
        .body as PeerLogEntry[];
    const problems = async () => (await log()).filter((entry) => entry.action === 'problem');
    await expect
      .poll(async () => (await problems())[0]?.detail?.values.tries, { timeout: 30_000 })
      .toBe('2');
    const [line, ...more] = await problems();
    expect(more).toEqual([]);
    // The next try in the log's own form (UTC), later than the line: the editor reads both alike.
    const next = String(line!.detail!.values.next);
    expect(next).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(next > line!.at).toBe(true);
    const status = (await server.request('/wp-json/marquee/v1/site', { as: 'owner' }))
      .body as SiteStatus;
    expect(status).toMatchObject({ state: 'offline', pending: 1 });
  });
});
