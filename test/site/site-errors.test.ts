/**
 * Honest about the host: each way a website can fail is said in the API's envelope
 * with a message that says what to do, and nothing is written on either side. A right password
 * answered 401 (a host that drops the Authorization header), a wrong password, a WordPress
 * without The Events Calendar, a site that is down, a TLS failure, a host answering 5xx. A site
 * that fails after connecting leaves the calendar "offline" or "cannot log in" until it works.
 */
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SiteStatus } from '#shared/schemas/site.ts';
import { calendarFor } from '../support/site-sync.ts';
import { startSiteProxy, type SiteProxy } from '../support/site-proxy.ts';
import type { TestServer } from '../support/test-server.ts';
import { tecSite } from '../support/tec-site.ts';

const site = tecSite();

let calendar: TestServer;
let proxy: SiteProxy;
beforeEach(async () => {
  if (!site) return;
  calendar = await calendarFor();
  proxy = await startSiteProxy(site.url);
});
afterEach(async () => {
  await calendar?.close();
  await proxy?.close();
});

type Envelope = { code: string; message: string; data: { status: number } };

async function put(address: string, password = site!.passwords.admin, confirm = false) {
  const reply = await calendar.request('/wp-json/marquee/v1/site', {
    method: 'PUT',
    as: 'owner',
    json: { address, login: 'admin', password, confirm },
  });
  return { status: reply.status, body: reply.body as Envelope };
}

async function status(): Promise<SiteStatus> {
  return (await calendar.request('/wp-json/marquee/v1/site', { as: 'owner' })).body as SiteStatus;
}

/** A loopback port nothing listens on. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.skipIf(!site)('what the website’s failures say', () => {
  const cases: [
    string,
    () => Promise<{ address: string; password?: string }>,
    number,
    string,
    RegExp,
  ][] = [
    [
      'a right password answered 401: the host strips the Authorization header',
      () => {
        proxy.mode = 'strip-authorization';
        return Promise.resolve({ address: proxy.url });
      },
      400,
      'marquee_site_auth_stripped',
      /removes the Authorization header.*SetEnvIf Authorization/,
    ],
    [
      'a wrong password',
      () => Promise.resolve({ address: site!.url, password: 'abcd efgh ijkl mnop qrst uvwx' }),
      400,
      'marquee_site_login_failed',
      /user name or the application password is wrong/,
    ],
    [
      'a WordPress without The Events Calendar',
      () => {
        proxy.mode = 'no-tec';
        return Promise.resolve({ address: proxy.url });
      },
      400,
      'marquee_site_not_tec',
      /The Events Calendar is not active on it/,
    ],
    [
      'a site that is down',
      async () => ({ address: `http://127.0.0.1:${await deadPort()}` }),
      502,
      'marquee_site_unreachable',
      /cannot be reached: nothing answers at that address/,
    ],
    [
      'a TLS failure',
      () => Promise.resolve({ address: site!.url.replace('http://', 'https://') }),
      502,
      'marquee_site_tls',
      /secure connection to 127\.0\.0\.1:\d+ failed/,
    ],
    [
      'a host answering 5xx',
      () => {
        proxy.mode = 'broken';
        return Promise.resolve({ address: proxy.url });
      },
      502,
      'marquee_site_error',
      /answered 503.*Marquee tries again later/,
    ],
  ];

  for (const [name, arrange, httpStatus, code, message] of cases)
    it(`says so clearly, and writes nothing: ${name}`, async () => {
      const { address, password } = await arrange();
      for (const confirm of [false, true]) {
        const reply = await put(address, password, confirm);
        expect(reply.status, JSON.stringify(reply.body)).toBe(httpStatus);
        expect(reply.body).toMatchObject({ code, data: { status: httpStatus } });
        expect(reply.body.message).toMatch(message);
        expect(reply.body.message).not.toContain(site!.passwords.admin);
      }
      expect((await status()).state).toBe('not-connected');
    });

  it('after connecting: offline while the host fails, cannot log in while it strips the login', async () => {
    const connected = await put(proxy.url, undefined, true);
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    const sync = () =>
      calendar.request('/wp-json/marquee/v1/site/sync', { method: 'POST', as: 'owner', json: {} });

    proxy.mode = 'broken';
    const broken = await sync();
    expect(broken.body).toMatchObject({ code: 'marquee_site_error', data: { status: 502 } });
    // Each retry while the host fails counts on the one line, not a line of its own.
    expect((await sync()).body).toMatchObject({ code: 'marquee_site_error' });
    expect(await status()).toMatchObject({
      state: 'offline',
      problem: { code: 'marquee_site_error' },
    });

    proxy.mode = 'strip-authorization';
    expect((await sync()).body).toMatchObject({ code: 'marquee_site_auth_stripped' });
    expect((await status()).state).toBe('cannot-log-in');

    proxy.mode = 'pass';
    expect((await sync()).status).toBe(200);
    expect(await status()).toMatchObject({ state: 'up-to-date', problem: null });
    const log = (await calendar.request('/wp-json/marquee/v1/site/log', { as: 'owner' })).body as {
      action: string;
      note: string;
      detail: { values: { tries?: string } } | null;
    }[];
    const problems = log.filter((entry) => entry.action === 'problem');
    expect(problems.map((entry) => entry.note)).toEqual([
      expect.stringMatching(/removes the Authorization header/),
      expect.stringMatching(/answered 503/),
    ]);
    expect(problems.map((entry) => entry.detail?.values.tries)).toEqual(['1', '2']);
  });
});
