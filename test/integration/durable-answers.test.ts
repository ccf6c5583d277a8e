/**
 * Reads never wait for the disk, and no write is acknowledged before the disk has
 * confirmed it (server/store/durable-commits.ts, server/http/durable-answers.ts). The server's
 * fsync is one the test can hold or make fail, as a slow or failing disk would.
 */
import { fsync as fsyncFile } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { tecEventSchema } from '#shared/tec/event.ts';
import type { Fsync } from '#server/store/durable-commits.ts';
import { at } from '../support/events.ts';
import { startTestServer, type Reply, type TestServer } from '../support/test-server.ts';
import { expectError } from '../support/venues.ts';

/** The disk: confirms at once, until the test holds it; then each fsync waits for release(). */
function slowDisk() {
  let holding = false;
  const waiting: ((error?: NodeJS.ErrnoException) => void)[] = [];
  const fsync: Fsync = (fd, done) => {
    if (!holding) return fsyncFile(fd, done);
    waiting.push((error) => (error ? done(error) : fsyncFile(fd, done)));
  };
  return {
    fsync,
    hold: () => (holding = true),
    waiting: () => waiting.length,
    /** Lets every held fsync return (or fail), and confirms at once from now on. */
    release(error?: NodeJS.ErrnoException) {
      holding = false;
      for (const done of waiting.splice(0)) done(error);
    },
  };
}

/** The reply, or 'pending' if none came within `ms`. */
async function within(reply: Promise<Reply>, ms: number): Promise<Reply | 'pending'> {
  return Promise.race([
    reply,
    new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending'), ms)),
  ]);
}

const EVENT = { title: 'Late set', start_date: at(3), end_date: at(3, 2), status: 'publish' };

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('answers and the disk', () => {
  it('answers reads while a write waits for the disk, and the write once the disk confirms it', async () => {
    const disk = slowDisk();
    server = await startTestServer({ fsync: disk.fsync });
    const running = server;
    disk.hold();
    const created = running.api('/events', { as: 'owner', json: EVENT });
    expect(await within(created, 300)).toBe('pending');
    expect(disk.waiting()).toBe(1);

    // Reads go on meanwhile, and already see the change (it is committed, not yet confirmed).
    const list = await within(running.api('/events', { as: 'owner' }), 2000);
    expect(list).not.toBe('pending');
    expect((list as Reply).body).toMatchObject({ total: 1 });
    expect(await within(running.api('/events'), 2000)).not.toBe('pending');
    // A sync pull waits: a replica must never hold a change the disk could still lose.
    const pulled = running.request('/wp-json/marquee/v1/sync/pull', { as: 'editor' });
    expect(await within(pulled, 300)).toBe('pending');

    disk.release();
    const answer = await created;
    expect(answer.status).toBe(201);
    expect(tecEventSchema.parse(answer.body).title).toBe('Late set');
    expect((await pulled).status).toBe(200);
  });

  it('answers writes sent together each for itself once their shared commit is on disk', async () => {
    const disk = slowDisk();
    server = await startTestServer({ fsync: disk.fsync });
    const running = server;
    disk.hold();
    const titles = ['One', 'Two', 'Three', 'Four', 'Five', 'Six'];
    const sent = [
      ...titles.map((title) => running.api('/events', { as: 'owner', json: { ...EVENT, title } })),
      running.api('/events', {
        as: 'owner',
        json: { ...EVENT, title: 'Bad', start_date: 'never' },
      }),
      running.api('/events/999999', { as: 'owner', json: { title: 'Nobody' } }),
    ];
    while (disk.waiting() === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await within(sent[0]!, 200)).toBe('pending');
    disk.release();
    const answers = await Promise.all(sent);
    expect(answers.map((answer) => answer.status)).toEqual([
      201, 201, 201, 201, 201, 201, 400, 404,
    ]);
    const listed = await running.api('/events?per_page=50', { as: 'owner' });
    expect(
      (listed.body as { events: { title: string }[] }).events.map((event) => event.title).sort(),
    ).toEqual([...titles].sort());
  });

  it('answers a write the disk refused to confirm with a storage failure, not a success', async () => {
    const disk = slowDisk();
    server = await startTestServer({ fsync: disk.fsync });
    disk.hold();
    const created = server.api('/events', { as: 'owner', json: EVENT });
    while (disk.waiting() === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    disk.release(Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' }));
    const refused = expectError(await created, 503, 'marquee_read_only');
    expect(refused.message).toContain('may be lost after a power cut');
    // The change is committed, so the calendar shows it; the message says it may not last.
    expect((await server.api('/events', { as: 'owner' })).body).toMatchObject({ total: 1 });
  });
});
