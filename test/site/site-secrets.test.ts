/**
 * The website's application password is kept in a file of its own that only its owner
 * may read (0600), outside the calendar's database: so no answer, log line, backup, snapshot or
 * export carries it. Disconnecting forgets it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli-process.ts';
import { connectedCalendar, type ConnectedCalendar } from '../support/site-sync.ts';
import { capturingLogger } from '../support/test-server.ts';
import { createTecEvent, mark, tecSite } from '../support/tec-site.ts';

const site = tecSite();

let calendar: ConnectedCalendar | undefined;
afterEach(async () => {
  await calendar?.close();
  calendar = undefined;
});

describe.skipIf(!site)('the website’s password', () => {
  it('is in an owner-only file, and in no answer, log, backup, snapshot or export', async () => {
    const logger = capturingLogger();
    calendar = await connectedCalendar({ user: 'editor1', logger });
    const password = site!.passwords.editor1;
    const file = join(calendar.dataDir, 'site-password.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);

    await createTecEvent({
      title: `Secret keeper ${mark()}`,
      start_date: '2027-02-02 10:00:00',
      end_date: '2027-02-02 11:00:00',
    });
    await calendar.sync();
    const owner = { as: 'owner' as const };
    const answers = [
      await calendar.request('/wp-json/marquee/v1/site', owner),
      await calendar.request('/wp-json/marquee/v1/site/log?limit=500', owner),
      await calendar.request('/wp-json/marquee/v1/site/conflicts', owner),
      await calendar.request('/wp-json/marquee/v1/settings', owner),
      await calendar.request('/wp-json/marquee/v1/export?format=json', owner),
      await calendar.request('/wp-json/marquee/v1/export?format=csv', owner),
      await calendar.request('/wp-json/marquee/v1/sync/pull?since=0', owner),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(JSON.stringify(answer.body)).not.toContain(password);
    }
    const snapshot = await calendar.request('/wp-json/marquee/v1/snapshots', {
      ...owner,
      method: 'POST',
    });
    expect(snapshot.status, JSON.stringify(snapshot.body)).toBeLessThan(300);
    const backupFile = join(calendar.dataDir, 'backup.json');
    const backup = await runCli(['backup', '-o', backupFile, '--data', calendar.dataDir]);
    expect(backup.code, backup.stderr).toBe(0);

    const files = [
      backupFile,
      join(calendar.dataDir, 'marquee.db'),
      ...readdirSync(join(calendar.dataDir, 'backups')).map((name) =>
        join(calendar!.dataDir, 'backups', name),
      ),
    ];
    expect(files.length).toBeGreaterThanOrEqual(3);
    for (const path of files) expect(readFileSync(path).includes(password), path).toBe(false);
    expect(logger.lines.join('\n')).not.toContain(password);

    const gone = await calendar.request('/wp-json/marquee/v1/site', { ...owner, method: 'DELETE' });
    expect(gone.status).toBe(200);
    expect(existsSync(file)).toBe(false);
  });
});
