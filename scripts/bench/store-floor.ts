/**
 * `npm run bench:floor` (part of `npm run bench`): the least an import of the 100k-event
 * calendar can cost on this machine, whatever the import code does. It seeds the calendar,
 * then stores all of its rows again in an empty one, in one bulk load (store/bulk-load.ts) and
 * one transaction, as a restore does:
 *  - copied table to table inside SQLite from the attached seed (INSERT … SELECT): no
 *    JavaScript per row at all. Foreign keys are off for this copy only: with them on, SQLite
 *    looks through the child tables for every row an INSERT … SELECT adds to a parent table
 *    (measured: 2.7 s instead of 0.2 s for the posts), which no Marquee write does;
 *  - from records already built in memory, through the events repo's insertMany in pages of
 *    2000 (a restore's write without the reading of its file), foreign keys on.
 * And it times JSON.parse of the calendar's backup file alone, the least a JSON restore reads.
 * Figures, not assertions (docs/decisions.md, "The speed targets and the store's floor").
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StoredEvent } from '#server/store/events.repo.ts';
import { openOwnerCalendar } from '#server/cli/owner-calendar.ts';
import { DATABASE_FILE, openStore, type Store } from '#server/store/open-store.ts';
import { copyFloor, timedLoad, type Split } from './floor.ts';
import { recordRepos } from '#server/transfer/record-repos.ts';
import { FULL_SIZE, seedCalendar } from './seed.ts';

const events = Number(process.env.BENCH_EVENTS ?? FULL_SIZE.events);
const PAGE = 2000;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

// All but the events, copied in SQL before the insertMany run (what the events link to).
const NOT_EVENTS = [
  'users',
  "posts WHERE kind <> 'event'",
  "post_texts WHERE kind <> 'event'",
  'venues',
  'organizers',
  'terms',
  'term_texts',
];

const show = (label: string, split: Split) =>
  console.log(
    `${label}: ${seconds(split.total)} (rows ${seconds(split.rows)}, indexes and search backlog ${seconds(split.indexes)}, commit ${seconds(split.commit)})`,
  );

/** The seed's events as records, written through insertMany into an empty store at `dir`. */
function reposFloor(seedFile: string, seedStore: Store, dir: string): Split {
  const source = recordRepos(seedStore.db);
  const ids = (
    seedStore.db.prepare("SELECT id FROM posts WHERE kind = 'event' ORDER BY id").all() as {
      id: number;
    }[]
  ).map((row) => row.id);
  const records: StoredEvent[] = [];
  for (let at = 0; at < ids.length; at += PAGE)
    records.push(...source.events.getMany(ids.slice(at, at + PAGE)));
  const store = openStore(dir, { lock: false });
  const { db } = store;
  db.exec(`ATTACH '${seedFile.replaceAll("'", "''")}' AS seed; DELETE FROM main.users`);
  for (const rows of NOT_EVENTS) {
    const [table] = rows.split(' ');
    db.exec(`INSERT INTO main.${table} SELECT * FROM seed.${rows}`);
  }
  db.exec('DETACH seed');
  const target = recordRepos(db);
  const split = timedLoad(store, () => {
    for (let at = 0; at < records.length; at += PAGE)
      target.events.insertMany(records.slice(at, at + PAGE));
  });
  store.close();
  return split;
}

const work = mkdtempSync(join(tmpdir(), 'marquee-floor-bench-'));
try {
  const seedDir = join(work, 'seed');
  const seedFile = join(seedDir, DATABASE_FILE);
  const seed = openOwnerCalendar(seedDir, { lock: false });
  seedCalendar(seed.store, { ...FULL_SIZE, events });
  const backupFile = join(work, 'calendar.json');
  writeFileSync(backupFile, [...seed.transfer.backup().chunks].join(''));
  seed.store.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  console.log(`Store floor for ${events} events in 3 languages, ${availableParallelism()} cores`);

  const copied = copyFloor(seedFile, join(work, 'copy'));
  show('  copied inside SQLite, no JavaScript per row', copied);
  show(
    '  written through insertMany from built records',
    reposFloor(seedFile, seed.store, join(work, 'repos')),
  );
  seed.store.close();

  const parsing = performance.now();
  JSON.parse(readFileSync(backupFile, 'utf8'));
  const parsed = performance.now() - parsing;
  console.log(`  reading and JSON.parse of the backup file alone: ${seconds(parsed)}`);
  console.log(
    `  so no JSON restore can take less than ${seconds(copied.total + parsed)} here (target 3 s)`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
