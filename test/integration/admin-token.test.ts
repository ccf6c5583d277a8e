/**
 * The admin token given at start: from MARQUEE_ADMIN_TOKEN (the flag works, and says it shows
 * in `ps`), at least 20 characters; and guessing tokens is slowed per client (429 with
 * Retry-After) while the right token is not.
 */
import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, serveCli } from '../support/cli-process.ts';
import { OWNER_TOKEN, startTestServer, type TestServer } from '../support/test-server.ts';

const LONG = 'an-admin-token-of-30-characters';
const TOKENS = '/wp-json/marquee/v1/tokens';

describe('marquee serve’s admin token', () => {
  let work: string;
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'marquee-admin-token-'));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('refuses one under 20 characters, from the environment or the flag', async () => {
    const data = join(work, 'short');
    const fromEnv = await runCli(['serve', '--port', '0', '--data', data], {
      env: { MARQUEE_ADMIN_TOKEN: 'nineteen-characters' },
    });
    expect(fromEnv.code).toBe(1);
    expect(fromEnv.stderr).toContain('has 19 characters: it needs at least 20');
    const fromFlag = await runCli([
      'serve',
      '--port',
      '0',
      '--data',
      data,
      '--admin-token',
      'short',
    ]);
    expect(fromFlag.code).toBe(1);
    expect(fromFlag.stderr).toContain('at least 20');
  });

  it('takes it from MARQUEE_ADMIN_TOKEN silently, and from the flag with a warning', async () => {
    const data = join(work, 'calendar');
    const fromEnv = await serveCli(['--data', data], { MARQUEE_ADMIN_TOKEN: LONG });
    const answer = await fetch(`${fromEnv.url}${TOKENS}`, {
      headers: { authorization: `Bearer ${LONG}` },
    });
    expect(answer.status).toBe(200);
    fromEnv.process.kill('SIGINT');
    expect((await fromEnv.exit).stderr).not.toContain('process list');

    const fromFlag = await serveCli(['--data', data, '--admin-token', LONG]);
    fromFlag.process.kill('SIGINT');
    const { stderr } = await fromFlag.exit;
    expect(stderr).toContain('--admin-token shows in the process list');
    expect(stderr).toContain('MARQUEE_ADMIN_TOKEN');
  });
});

describe('failed sign-ins', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const guess = (token = 'a-wrong-guess') =>
    server.request(TOKENS, { headers: { authorization: `Bearer ${token}` } });

  /** A request from another loopback address: another client. */
  function fromElsewhere(token: string): Promise<number> {
    const { port } = new URL(server.url);
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: TOKENS,
          localAddress: '127.0.0.2',
          headers: { authorization: `Bearer ${token}` },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end();
    });
  }

  it('answers a guesser 429 with Retry-After after ten failures, and lets the right token in', async () => {
    expect((await server.request(TOKENS, { as: 'owner' })).status).toBe(200);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 200; attempt += 1) statuses.push((await guess()).status);
    expect(statuses.slice(0, 11)).toEqual(Array(11).fill(401));
    expect(statuses.slice(11)).toEqual(Array(189).fill(429));

    const locked = await guess();
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toBe('1');
    expect(locked.body).toMatchObject({
      code: 'marquee_too_many_attempts',
      data: { status: 429 },
    });
    // Not even the right value is checked while locked (no oracle)… unless this client has
    // signed in with it before: the owner's script goes on at once.
    expect((await server.request(TOKENS, { as: 'owner' })).status).toBe(200);
    expect((await server.request(TOKENS, { as: 'admin' })).status).toBe(429);
    // Another client is not slowed.
    expect(await fromElsewhere(OWNER_TOKEN)).toBe(200);
    expect(await fromElsewhere('another-wrong-guess')).toBe(401);

    // Once the lock has passed, the next failure locks for twice as long; a success resets.
    server.clock.advance(1000);
    expect((await guess()).status).toBe(401);
    expect((await guess()).headers.get('retry-after')).toBe('2');
    server.clock.advance(2000);
    expect((await server.request(TOKENS, { as: 'admin' })).status).toBe(200);
    expect((await guess()).status).toBe(401);
  });
});
