/**
 * `marquee site …` against the real site, as its own process: `connect` previews and
 * writes nothing, `--yes` connects and syncs; `sync` prints its one summary line and exits 0;
 * `status` and `disconnect`; the password never on the command line. The same commands with a
 * server running on the data directory: that server does the work (the command asks it, with a
 * token for each request that is gone after it, whatever the answer).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli, serveCli, type CliServer } from '../support/cli-process.ts';
import { createTecEvent, mark, tecIds, tecSite } from '../support/tec-site.ts';

const site = tecSite();

let dataDir: string;
let server: CliServer | undefined;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'marquee-site-cli-'));
});
afterEach(async () => {
  if (server && server.process.exitCode === null) {
    server.process.kill('SIGTERM');
    await server.exit;
  }
  server = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

const SUMMARY = /^sent (\d+), received (\d+), merged (\d+), conflicts (\d+), deleted (\d+)$/m;

const site$ = (args: string[], options: { password?: string; input?: string } = {}) =>
  runCli(['site', ...args, '--data', dataDir], {
    env: { MARQUEE_SITE_PASSWORD: options.password ?? '' },
    ...(options.input !== undefined && { input: options.input }),
  });

const when = { start_date: '2027-06-15 20:00:00', end_date: '2027-06-15 22:00:00' };

describe.skipIf(!site)('marquee site', () => {
  it('previews, connects, syncs, says its state, and disconnects, with no server running', async () => {
    const tag = mark();
    const preview = await site$(['connect', site!.url, '--user', 'admin'], {
      input: `${site!.passwords.admin}\n`,
    });
    expect(preview.code, preview.stderr).toBe(0);
    expect(preview.stdout).toMatch(/^Website: .+ \(http:\/\/127\.0\.0\.1:\d+\)$/m);
    expect(preview.stdout).toMatch(/^The Events Calendar: 6\.17\.2$/m);
    expect(preview.stdout).toMatch(/^Logged in as: admin \(administrator\)$/m);
    expect(preview.stdout).toMatch(/^ {2}events +\d+ +0 +0 +0 +0 +\d+$/m);
    expect(preview.stdout).toMatch(/Nothing was written on either side/);
    expect((await site$(['status'])).stdout).toMatch(/^State: not connected$/m);

    const connected = await site$(['connect', site!.url, '--user', 'admin', '--yes'], {
      password: site!.passwords.admin,
    });
    expect(connected.code, connected.stderr).toBe(0);
    expect(connected.stdout).toMatch(/^Connected\. First sync: sent 0, received \d+, /m);
    // The password is in no argument, and in none of the calendar's files but its own.
    expect(readFileSync(join(dataDir, 'marquee.db')).includes(site!.passwords.admin)).toBe(false);

    const title = `From the CLI ${tag}`;
    const made = await createTecEvent({ title, ...when });
    const synced = await site$(['sync']);
    expect(synced.code, synced.stderr).toBe(0);
    expect(synced.stdout.trim()).toMatch(SUMMARY);
    expect(Number(SUMMARY.exec(synced.stdout)?.[2])).toBeGreaterThanOrEqual(1);

    const status = await site$(['status']);
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(/^State: up to date$/m);
    expect(status.stdout).toContain(`received    event “${title}” (site id ${made.id}) new`);

    const dry = await site$(['sync', '--dry-run']);
    expect(dry.stdout.trim()).toBe(
      'sent 0, received 0, merged 0, conflicts 0, deleted 0 (dry run: nothing was written)',
    );

    const gone = await site$(['disconnect']);
    expect(gone.stdout).toMatch(/^Disconnected from http:\/\/127\.0\.0\.1:\d+; its password/m);
    const refused = await site$(['sync']);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toMatch(/^marquee: The calendar is not connected to a website/);
  });

  it('says in one line why it could not connect, and exits 1', async () => {
    const wrong = await site$(['connect', site!.url, '--user', 'admin', '--yes'], {
      password: 'abcd efgh ijkl mnop qrst uvwx',
    });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^marquee: The website refused the login: the user name or the application password is wrong/,
      ),
    ]);
    const none = await site$(['connect', site!.url, '--user', 'admin'], { input: '' });
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/No application password: set MARQUEE_SITE_PASSWORD/);
    expect((await site$(['status'])).stdout).toMatch(/^State: not connected$/m);
  });

  it('asks the server running on the calendar to do the work, leaving no token behind', async () => {
    // What earlier versions left (a revoked token per request) and a command killed mid-request
    // (an active one): the server removes them when it starts; a token of the user's stays.
    const token$ = (...args: string[]) => runCli(['token', ...args, '--data', dataDir]);
    const made = async (name: string) =>
      /^Token (\d+)/.exec((await token$('create', '--name', name, '--role', 'admin')).stdout)![1]!;
    await token$('revoke', await made('marquee site (command line)'));
    await token$('revoke', await made('marquee hub (command line)'));
    await made('marquee site (command line)');
    await made('Website build');
    expect((await token$('list')).stdout.match(/\(command line\)/g)).toHaveLength(3);
    server = await serveCli(['--data', dataDir], { MARQUEE_SITE_POLL_SECONDS: '0' });
    // A refusal of the server's is an exit too: its token goes as well.
    const refused = await site$(['sync']);
    expect(refused.stderr).toMatch(/^marquee: The calendar is not connected to a website/);
    const tag = mark();
    const title = `Through the server ${tag}`;
    const connected = await site$(['connect', site!.url, '--user', 'editor1', '--yes'], {
      password: site!.passwords.editor1,
    });
    expect(connected.code, connected.stderr).toBe(0);
    // The site's answers are the owner's alone.
    expect((await fetch(`${server.url}/wp-json/marquee/v1/site`)).status).toBe(401);
    await createTecEvent({ title, ...when });
    const synced = await site$(['sync']);
    expect(synced.code, synced.stderr).toBe(0);
    expect(Number(SUMMARY.exec(synced.stdout)?.[2])).toBeGreaterThanOrEqual(1);
    const status = await site$(['status']);
    expect(status.stdout).toMatch(/, as editor1, language en$/m);
    expect(status.stdout).toContain(`“${title}”`);
    expect(await tecIds(`start_date=2027-06-15&end_date=2027-06-16&search=${tag}`)).toHaveLength(1);
    for (let again = 0; again < 3; again += 1)
      expect((await site$(['status'])).stdout).toMatch(/^State: up to date$/m);
    // The command's tokens were for its requests alone: none is left, active or revoked.
    const tokens = (await token$('list')).stdout.trim().split('\n').slice(1);
    expect(tokens).toEqual([expect.stringMatching(/\tactive\tWebsite build$/)]);
  });
});
