/**
 * `marquee/v1/settings` and `marquee/v1/tokens`: what the settings screen uses. Admins only;
 * changes are checked, saved to settings.json and in force at once; tokens are shown once.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createdTokenSchema, accessTokenSchema } from '#shared/schemas/access-token.ts';
import { settingsReplySchema } from '#shared/schemas/settings.ts';
import { freePort } from '../../scripts/free-port.ts';
import { serveCli } from '../support/cli-process.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { expectError } from '../support/venues.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

const settingsPath = '/wp-json/marquee/v1/settings';

describe('settings', () => {
  it('reads and changes the settings, in force at once and saved to the file', async () => {
    const read = settingsReplySchema.parse(
      (await server.request(settingsPath, { as: 'owner' })).body,
    );
    expect(read.settings).toMatchObject({ timezone: 'UTC', defaultLanguage: 'en', port: 8787 });
    expect(read.overridden).toEqual(['timezone']);

    const changed = await server.request(settingsPath, {
      as: 'owner',
      method: 'PATCH',
      json: { defaultLanguage: 'de', allowedOrigins: ['https://venue.example'] },
    });
    expect(changed.status).toBe(200);
    expect(settingsReplySchema.parse(changed.body).settings).toMatchObject({
      defaultLanguage: 'de',
      allowedOrigins: ['https://venue.example'],
      port: 8787,
    });
    const file = JSON.parse(readFileSync(join(server.dataDir, 'settings.json'), 'utf8')) as object;
    expect(file).toMatchObject({
      defaultLanguage: 'de',
      allowedOrigins: ['https://venue.example'],
    });
    const health = (await server.request('/wp-json/marquee/v1/health')).body as {
      defaultLanguage: string;
    };
    expect(health.defaultLanguage).toBe('de');
  });

  it('names the calendar: in health, and as X-WR-CALNAME of the ICS export and feed', async () => {
    const calendarName = async () => {
      const exported = await server.request('/wp-json/marquee/v1/export?format=ics', {
        as: 'owner',
      });
      const feed = await server.request('/wp-json/marquee/v1/ical');
      return [exported.body, feed.body].map(
        (text) => /^X-WR-CALNAME:(.*)\r$/m.exec(String(text))?.[1],
      );
    };
    const read = settingsReplySchema.parse(
      (await server.request(settingsPath, { as: 'owner' })).body,
    );
    expect(read.settings.name).toBe('Marquee');
    expect(await calendarName()).toEqual(['Marquee', 'Marquee']);

    const changed = await server.request(settingsPath, {
      as: 'owner',
      method: 'PATCH',
      json: { name: '  Kulturhaus, Saal 2  ' },
    });
    expect(settingsReplySchema.parse(changed.body).settings.name).toBe('Kulturhaus, Saal 2');
    expect(await calendarName()).toEqual(['Kulturhaus\\, Saal 2', 'Kulturhaus\\, Saal 2']);
    const health = (await server.request('/wp-json/marquee/v1/health')).body as { name: string };
    expect(health.name).toBe('Kulturhaus, Saal 2');
    const file = JSON.parse(readFileSync(join(server.dataDir, 'settings.json'), 'utf8')) as object;
    expect(file).toMatchObject({ name: 'Kulturhaus, Saal 2' });
  });

  it('refuses bad values and unknown fields, changing nothing', async () => {
    const before = readFileSync(join(server.dataDir, 'settings.json'), 'utf8');
    for (const json of [
      { timezone: 'Mars/Olympus' },
      { port: 0 },
      { colour: 'red' },
      { defaultLanguage: 'it' },
      { name: '   ' },
      { name: 'x'.repeat(121) },
    ]) {
      const reply = await server.request(settingsPath, { as: 'owner', method: 'PATCH', json });
      expectError(reply, 400, 'rest_invalid_param');
    }
    expect(readFileSync(join(server.dataDir, 'settings.json'), 'utf8')).toBe(before);
  });

  it('is for admins only', async () => {
    expectError(await server.request(settingsPath), 401, 'rest_forbidden');
    expectError(await server.request(settingsPath, { as: 'editor' }), 403, 'rest_forbidden');
    const editorChange = await server.request(settingsPath, {
      as: 'editor',
      method: 'PATCH',
      json: { port: 9000 },
    });
    expectError(editorChange, 403, 'rest_forbidden');
  });
});

describe('access tokens', () => {
  const tokensPath = '/wp-json/marquee/v1/tokens';

  it('creates a token shown once, which then works, lists it, and revokes it', async () => {
    const created = await server.request(tokensPath, {
      as: 'owner',
      json: { name: 'Website build', role: 'editor' },
    });
    expect(created.status).toBe(201);
    const token = createdTokenSchema.parse(created.body);
    expect(token).toMatchObject({ name: 'Website build', role: 'editor', revoked: null });

    const writes = () =>
      fetch(`${server.url}/wp-json/tribe/events/v1/venues`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ venue: `Built ${Date.now()}` }),
      });
    expect((await writes()).status).toBe(201);

    const listed = accessTokenSchema
      .array()
      .parse((await server.request(tokensPath, { as: 'owner' })).body);
    expect(listed.find((row) => row.id === token.id)).toEqual({
      ...token,
      token: undefined,
      id: token.id,
    });
    expect(JSON.stringify(listed)).not.toContain(token.token);

    const revoked = await server.request(`${tokensPath}/${token.id}`, {
      as: 'owner',
      method: 'DELETE',
    });
    expect(accessTokenSchema.parse(revoked.body).revoked).not.toBeNull();
    expect((await writes()).status).toBe(401);
    expectError(
      await server.request(`${tokensPath}/999999`, { as: 'owner', method: 'DELETE' }),
      404,
      'marquee_token_not_found',
    );
  });

  it('refuses tokens without a name or with an unknown role, and non-admins', async () => {
    expectError(
      await server.request(tokensPath, { as: 'owner', json: { name: ' ' } }),
      400,
      'rest_invalid_param',
    );
    expectError(
      await server.request(tokensPath, { as: 'owner', json: { name: 'x', role: 'god' } }),
      400,
      'rest_invalid_param',
    );
    expectError(
      await server.request(tokensPath, { as: 'editor', json: { name: 'x' } }),
      403,
      'rest_forbidden',
    );
  });
});

describe('start flags', () => {
  it('override only what they name; the file keeps the rest', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'marquee-flags-'));
    writeFileSync(
      join(dataDir, 'settings.json'),
      JSON.stringify({
        timezone: 'Europe/Paris',
        defaultLanguage: 'fr',
        allowedHosts: ['calendar.local'],
      }),
    );
    const served = await serveCli(['--data', dataDir, '--timezone', 'Asia/Tokyo']);
    try {
      const health = (await (
        await fetch(`${served.url}/wp-json/marquee/v1/health`)
      ).json()) as Record<string, unknown>;
      expect(health).toMatchObject({ timezone: 'Asia/Tokyo', defaultLanguage: 'fr' });
      const viaHost = await fetch(`${served.url}/wp-json/marquee/v1/health`, {
        headers: { host: 'calendar.local' },
      });
      expect(viaHost.status).toBe(200);
    } finally {
      served.process.kill('SIGINT');
      await served.exit;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('listen on the port Settings names unless --port chooses one, and say which', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'marquee-port-'));
    const port = await freePort();
    writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ port }));
    const token = 'port-test-admin-token-0123456789';
    const listening = async (url: string) =>
      settingsReplySchema.parse(
        await (
          await fetch(`${url}${settingsPath}`, { headers: { authorization: `Bearer ${token}` } })
        ).json(),
      );
    const run = async (options: { port: 'free' | 'settings' }) => {
      const served = await serveCli(['--data', dataDir], { MARQUEE_ADMIN_TOKEN: token }, options);
      try {
        return { url: served.url, reply: await listening(served.url) };
      } finally {
        served.process.kill('SIGINT');
        await served.exit;
      }
    };
    try {
      const configured = await run({ port: 'settings' });
      expect(configured.url).toBe(`http://127.0.0.1:${port}`);
      expect(configured.reply).toMatchObject({ settings: { port }, listeningPort: port });
      const flagged = await run({ port: 'free' });
      const flaggedPort = Number(new URL(flagged.url).port);
      expect(flaggedPort).not.toBe(port);
      expect(flagged.reply).toMatchObject({ settings: { port }, listeningPort: flaggedPort });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
