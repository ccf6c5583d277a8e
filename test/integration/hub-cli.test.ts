/**
 * `marquee hub …` as a user runs it: the token from MARQUEE_HUB_TOKEN or standard
 * input (never the arguments), a first connect of a laptop that has events previews and writes
 * nothing until --yes, one summary line per sync, with and without a server on the laptop's
 * data directory, and the token kept in an owner-only file apart from the calendar.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { runCli } from '../support/cli-process.ts';
import { contents, kill, startNode, stopAll, tokenOn } from '../support/hub-cluster.ts';

// Several servers a test, each its own process: more than the project's 30 s on a busy machine.
afterEach(stopAll, 30_000);

const SUMMARY = /^sent \d+, received \d+, merged \d+, conflicts \d+, deleted \d+$/m;

it(
  'connects, syncs and says how it goes, with or without a server on the laptop',
  { timeout: 60_000 },
  async () => {
    const hub = await startNode('hub', { env: { MARQUEE_HUB_POLL_SECONDS: '0' } });
    const hubEvent = randomUUID();
    await hub.edit([
      {
        kind: 'event',
        op: 'create',
        uuid: hubEvent,
        fields: {
          title: { en: 'On the hub' },
          start: '2027-01-05 19:00:00',
          end: '2027-01-05 20:00:00',
          timezone: 'Europe/Berlin',
        },
      },
    ]);
    let laptop = await startNode('laptop', { env: { MARQUEE_HUB_POLL_SECONDS: '0' } });
    const own = randomUUID();
    await laptop.edit([
      {
        kind: 'event',
        op: 'create',
        uuid: own,
        fields: {
          title: { de: 'Auf dem Laptop' },
          start: '2027-01-06 19:00:00',
          end: '2027-01-06 20:00:00',
          timezone: 'Europe/Berlin',
        },
      },
    ]);
    await kill(laptop);
    const { token } = await tokenOn(hub, 'Laptop');
    const data = ['--data', laptop.dataDir];

    const preview = await runCli(['hub', 'connect', hub.url, ...data], {
      env: { MARQUEE_HUB_TOKEN: token },
    });
    expect(preview.code, preview.stderr).toBe(0);
    expect(preview.stdout).toMatch(/Token of: Laptop \(editor\)/);
    expect(preview.stdout).toMatch(/events\s+1\s+1\s+0\s+1\s+1/);
    expect(preview.stdout).toContain('Nothing was written on either side');
    expect((await contents(hub)).event![own]).toBeUndefined();

    // The token on standard input, as a script pipes it.
    const connected = await runCli(['hub', 'connect', hub.url, '--yes', ...data], {
      input: `${token}\n`,
      env: { MARQUEE_HUB_TOKEN: '' },
    });
    expect(connected.code, connected.stderr).toBe(0);
    expect(connected.stdout).toMatch(/Connected\. First sync: sent 1, received 1,/);
    const file = join(laptop.dataDir, 'hub-token.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(laptop.dataDir, 'marquee.db')).includes(token)).toBe(false);

    const synced = await runCli(['hub', 'sync', ...data]);
    expect(synced.code, synced.stderr).toBe(0);
    expect(synced.stdout.trim()).toMatch(SUMMARY);

    // With a server on the data directory, that server does the work.
    laptop = await startNode('laptop', {
      dataDir: laptop.dataDir,
      env: { MARQUEE_HUB_POLL_SECONDS: '0' },
    });
    const through = await runCli(['hub', 'sync', ...data]);
    expect(through.code, through.stderr).toBe(0);
    expect(through.stdout.trim()).toBe('sent 0, received 0, merged 0, conflicts 0, deleted 0');
    const status = await runCli(['hub', 'status', ...data]);
    expect(status.stdout).toContain(`Hub: ${hub.url}`);
    expect(status.stdout).toContain('State: up to date');
    expect(status.stdout).not.toContain(token);
    expect((await contents(laptop)).event![hubEvent]).toEqual(
      (await contents(hub)).event![hubEvent],
    );

    const gone = await runCli(['hub', 'disconnect', ...data]);
    expect(gone.stdout).toContain('its token is forgotten');
    expect(() => statSync(file)).toThrow();
    const after = await runCli(['hub', 'sync', ...data]);
    expect(after.code).not.toBe(0);
    expect(after.stderr).toContain('not connected to a hub');
  },
);
