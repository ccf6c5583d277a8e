/**
 * The server as a process: one per data directory, clean shutdown on Ctrl-C, and no
 * acknowledged write lost when it is killed in the middle of writing.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tecVenueSchema } from '#shared/tec/venue.ts';
import { runCli, serveCli } from '../support/cli-process.ts';

const TOKEN = 'durability-token-0123456789';
let dataDir: string;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'marquee-durable-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const auth = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };

describe('marquee serve as a process', () => {
  it('refuses a second server on a data directory in use, saying who holds it', async () => {
    const first = await serveCli(['--data', dataDir]);
    const second = await runCli(['serve', '--port', '0', '--data', dataDir]);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(
      `is in use by Marquee (pid ${first.process.pid}, ${first.url})`,
    );
    first.process.kill('SIGINT');
    const stopped = await first.exit;
    expect(stopped.code).toBe(0);
    expect(stopped.stdout).toContain('Marquee stopped.');
    expect(existsSync(join(dataDir, 'server.json'))).toBe(false);
  });

  it('loses no acknowledged write when killed mid-write, and starts again on the same data', async () => {
    const server = await serveCli(['--data', dataDir, '--admin-token', TOKEN]);
    const acknowledged = new Map<number, string>();
    let stop = false;
    const writer = async (worker: number) => {
      for (let n = 0; !stop; n += 1) {
        const name = `Venue ${worker}-${n}`;
        try {
          const response = await fetch(`${server.url}/wp-json/tribe/events/v1/venues`, {
            method: 'POST',
            headers: auth,
            body: JSON.stringify({ venue: name, description: `written by ${worker}` }),
          });
          if (response.status !== 201) throw new Error(`status ${response.status}`);
          acknowledged.set(tecVenueSchema.parse(await response.json()).id, name);
        } catch {
          return; // the server is gone
        }
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    while (acknowledged.size < 40) await new Promise((resolve) => setTimeout(resolve, 10));
    server.process.kill('SIGKILL');
    stop = true;
    await Promise.all(writers);
    expect((await server.exit).signal).toBe('SIGKILL');

    const restarted = await serveCli(['--data', dataDir, '--admin-token', TOKEN]);
    try {
      for (const [id, name] of acknowledged) {
        const response = await fetch(`${restarted.url}/wp-json/tribe/events/v1/venues/${id}`, {
          headers: auth,
        });
        expect(response.status, `venue ${id}`).toBe(200);
        expect(tecVenueSchema.parse(await response.json()).venue).toBe(name);
      }
      const list = await fetch(`${restarted.url}/wp-json/tribe/events/v1/venues?per_page=1`, {
        headers: auth,
      });
      expect(Number(list.headers.get('x-tec-total'))).toBeGreaterThanOrEqual(acknowledged.size);
    } finally {
      restarted.process.kill('SIGTERM');
      expect((await restarted.exit).code).toBe(0);
    }
  });
});

describe('marquee token', () => {
  it('says how to make a token when there is none to list', async () => {
    const listed = await runCli(['token', 'list', '--data', dataDir]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('No tokens yet. Make one with: marquee token create');
  });

  it('creates a token that works against a running server, lists it, and revokes it', async () => {
    const server = await serveCli(['--data', dataDir]);
    try {
      const created = await runCli([
        'token',
        'create',
        '--name',
        'Website build',
        '--role',
        'editor',
        '--data',
        dataDir,
      ]);
      expect(created.code).toBe(0);
      const token = created.stdout.trim().split('\n').pop() ?? '';
      expect(token).toMatch(/^mq_[\w-]{43}$/);
      const id = /Token (\d+)/.exec(created.stdout)?.[1];

      const write = () =>
        fetch(`${server.url}/wp-json/tribe/events/v1/venues`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ venue: 'From the build' }),
        });
      expect((await write()).status).toBe(201);

      const listed = await runCli(['token', 'list', '--data', dataDir]);
      const [header, ...rows] = listed.stdout.trim().split('\n');
      expect(header).toBe('id\trole\tcreated (UTC)\tstate\tname');
      expect(rows).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^${id}\\teditor\\t\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\tactive\\tWebsite build$`,
          ),
        ),
      );
      expect((await runCli(['token', 'revoke', id ?? '', '--data', dataDir])).code).toBe(0);
      expect((await write()).status).toBe(401);
      const again = await runCli(['token', 'revoke', id ?? '', '--data', dataDir]);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain(`no active token has id ${id}`);
    } finally {
      server.process.kill('SIGINT');
      await server.exit;
    }
  });

  it('explains usage mistakes with exit code 2', async () => {
    const run = await runCli(['serve', '--port', 'abc', '--data', dataDir]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--port must be');
    const zone = await runCli(['serve', '--timezone', 'Mars/Base', '--data', dataDir]);
    expect(zone.code).toBe(2);
    expect(zone.stderr).toContain('--timezone must be an IANA time zone');
  });
});
