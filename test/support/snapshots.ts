/** Helpers for snapshot tests: the snapshots API over HTTP, answers parsed with the shared schemas. */
import { expect } from 'vitest';
import { snapshotSchema } from '#shared/schemas/snapshot.ts';
import { at, createEvent } from './events.ts';
import type { Caller, TestServer } from './test-server.ts';

export const SNAPSHOTS = '/wp-json/marquee/v1/snapshots';

/** The server's snapshots, newest first. */
export async function listSnapshots(on: TestServer) {
  const reply = await on.request(SNAPSHOTS, { as: 'owner' });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return snapshotSchema.array().parse(reply.body);
}

/**
 * A request, so a daily snapshot that came due is made: a request only schedules it, to run
 * once the request has been handled, on a thread of its own; then until it is written.
 */
export async function caughtUp(on: TestServer) {
  expect((await on.request('/wp-json/marquee/v1/health')).status).toBe(200);
  await on.idle();
}

/** "Snapshot now". */
export async function snapshotNow(on: TestServer) {
  const reply = await on.request(SNAPSHOTS, { as: 'owner', method: 'POST' });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return snapshotSchema.parse(reply.body);
}

export const restoreSnapshot = (on: TestServer, name: string, as: Caller = 'owner') =>
  on.request(`${SNAPSHOTS}/${name}/restore`, { as, method: 'POST' });

/** A change (a new event), so the next daily snapshot has something new to keep. */
export const change = (on: TestServer, title: string) =>
  createEvent(on, { title, start_date: at(1), end_date: at(1, 1) });
