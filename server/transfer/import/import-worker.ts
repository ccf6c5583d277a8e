/**
 * A worker thread's entry (import-aside.ts): reads one calendar file and says what it read;
 * told to write it, opens a connection of its own to the calendar's database, builds the same
 * domain services over it and imports the contents there, all or nothing (import-file.ts),
 * then closes the connection (its write lock with it) and posts the summary or the failure.
 */
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { createDomainServices } from '../../domain/domain-services.ts';
import { createChangeLog } from '../../store/change-log.repo.ts';
import { openDatabase } from '../../store/database.ts';
import { createIcalRepo } from '../../store/ical.repo.ts';
import { readFile } from '../read-file.ts';
import { recordRepos } from '../record-repos.ts';
import { factsOf, failureOf, stopAsked, type AsideInput, type ToThread } from './import-aside.ts';
import { importContents } from './import-file.ts';

const input = workerData as AsideInput;
const port = parentPort;
if (!port) throw new Error('import-worker.ts runs as a worker thread (import-aside.ts)');

const bytes = 'path' in input.source ? readFileSync(input.source.path) : input.source.bytes;
const contents = readFile(input.format, bytes, {
  defaultZone: input.context.settings.timezone,
  now: input.context.now,
  columns: input.options.columns,
});
port.postMessage({ read: factsOf(contents) });

port.once('message', ({ write }: ToThread) => {
  let answer;
  const db = openDatabase(input.file);
  try {
    const changes = createChangeLog(db, { given: write.given });
    const services = createDomainServices(db, changes);
    const deps = { db, changes, ...services, repos: recordRepos(db), ical: createIcalRepo(db) };
    const stopped = () => stopAsked(input.stop);
    answer = { done: importContents(deps, contents, input.context, { ...input.options, stopped }) };
  } catch (error) {
    answer = { failed: failureOf(error) };
  } finally {
    // Before answering: the server's writes wait for this connection's lock to be free.
    db.close();
  }
  port.postMessage(answer);
});
