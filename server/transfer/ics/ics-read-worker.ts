/**
 * A worker thread's entry (ics-read-aside.ts): reads one ICS file and posts what it read. The
 * file's bytes come as workerData, and so do the options (`now` as milliseconds).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { readIcs } from './ics-reader.ts';

type Input = { bytes: Uint8Array; defaultZone: string; now: number };

const { bytes, defaultZone, now } = workerData as Input;
parentPort?.postMessage(readIcs(bytes, { defaultZone, now: new Date(now) }));
