/**
 * An update never loses data. An older Marquee (one a laptop has not updated yet, or one put
 * back) opening a calendar a newer Marquee wrote refuses at start, in one line that says to
 * update, and leaves the file as it was, byte for byte: it neither migrates, nor "repairs", nor
 * writes its own rows into tables it does not know. The newer side (an older calendar migrated
 * at start) is html-rule-upgrade.test.ts's and store.test.ts's.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { openDatabase } from '#server/store/database.ts';
import { MIGRATIONS } from '#server/store/migrations/index.ts';
import { runCli } from '../support/cli-process.ts';
import { startTestServer } from '../support/test-server.ts';

const digest = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

it('refuses a calendar from a newer Marquee at start, and writes nothing to it', async () => {
  // A real calendar with an event, as this version writes it…
  const server = await startTestServer();
  const dataDir = server.dataDir;
  try {
    const created = await server.api('/events', {
      as: 'owner',
      json: { title: 'Quiz', start_date: '2026-12-01 19:00:00', end_date: '2026-12-01 21:00:00' },
    });
    expect(created.status).toBe(201);
    await server.close(true);

    // …then opened by a newer one, which added its own migration and table.
    const file = join(dataDir, 'marquee.db');
    const newer = openDatabase(file);
    newer.exec('CREATE TABLE future_things (id INTEGER PRIMARY KEY, what TEXT)');
    newer.exec("INSERT INTO future_things (what) VALUES ('kept as the newer version wrote it')");
    newer.exec(
      `INSERT INTO schema_migrations VALUES (${MIGRATIONS.length + 1}, 'future', '2027-01-01 00:00:00')`,
    );
    newer.close();
    const before = { file: digest(file), names: readdirSync(dataDir).sort() };

    const run = await runCli(['serve', '--data', dataDir, '--port', '0']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toEqual([
      `marquee: ${file} was written by a newer Marquee (schema ${MIGRATIONS.length + 1}; this version knows up to ${MIGRATIONS.length}). Update Marquee to open it.`,
    ]);
    // Nothing written: the same bytes, no journal or lock left behind.
    expect(digest(file)).toBe(before.file);
    expect(readdirSync(dataDir).sort()).toEqual(before.names);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
