/**
 * Importing costs the server no memory a caller can multiply: anonymous uploads are refused
 * before their body is read, files are streamed to disk, a gzip bomb is cut off at the
 * inflated limit, and only so many imports are read at once. A real server process is flooded
 * and its memory (/proc/PID/status) stays bounded; it answers afterwards.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveCli, runCli, type CliServer } from '../support/cli-process.ts';
import { bytes, streamedUpload } from '../support/streamed-upload.ts';

const OWNER = 'import-flood-owner-token-0123456789';
const MB = 1 << 20;
const IMPORT = '/wp-json/marquee/v1/import';

let work: string;
let data: string;
let server: CliServer;
let editor: string;

/** The server's resident memory now and at its peak, in MB. */
function memory(): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${server.process.pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1]);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'marquee-flood-'));
  data = join(work, 'calendar');
  const made = await runCli([
    'token',
    'create',
    '--name',
    'Editor',
    '--role',
    'editor',
    '--data',
    data,
  ]);
  editor = /(mq_\S+)/.exec(made.stdout)?.[1] ?? '';
  expect(editor).not.toBe('');
  server = await serveCli(['--data', data], { MARQUEE_ADMIN_TOKEN: OWNER });
});
afterAll(async () => {
  server.process.kill('SIGINT');
  await server.exit;
  rmSync(work, { recursive: true, force: true });
});

/** The files the server is receiving now. */
function receiving(): string[] {
  const folder = join(data, 'uploads');
  return existsSync(folder) ? readdirSync(folder) : [];
}

/** Resolves once `done()` holds, looking again at each turn of the event loop. */
async function waitFor(done: () => boolean): Promise<void> {
  while (!done()) await nextTurn();
}

/** A gzip body of `size` bytes of "a" once inflated (a few hundred KB sent). */
function gzipBomb(size: number): Buffer {
  return gzipSync(Buffer.alloc(size, 0x61), { level: 9 });
}

describe('POST marquee/v1/import under a flood', () => {
  it('refuses an anonymous upload before reading its body, in the envelope', async () => {
    // 64 KB of a declared 250 MB: the answer comes without the rest ever being sent.
    const reply = await streamedUpload(`${server.url}${IMPORT}?format=ics`, {
      headers: { 'content-type': 'text/calendar' },
      length: 250 * MB,
      chunks: (async function* () {
        yield Buffer.alloc(64 * 1024, 0x61);
        // …and then nothing more, ever: only an answer before the body ends this request.
        await new Promise<never>(() => {});
      })(),
    });
    expect(reply.status).toBe(401);
    expect(JSON.parse(reply.text)).toMatchObject({ code: 'rest_forbidden', data: { status: 401 } });
    expect(reply.headers.connection).toBe('close');
  });

  it('reads two files at once: a third is told to come back before its body is read', async () => {
    const held = Array.from({ length: 2 }, () => {
      const req = request(`${server.url}${IMPORT}?format=csv&dryRun=true`, {
        method: 'POST',
        headers: { authorization: `Bearer ${editor}`, 'content-length': String(10 * MB) },
      });
      req.on('error', () => {});
      req.write(Buffer.alloc(64 * 1024, 0x61));
      return req;
    });
    // Both are being received once the server has made their files.
    await waitFor(() => receiving().length === 2);
    const third = await streamedUpload(`${server.url}${IMPORT}?format=csv&dryRun=true`, {
      headers: { authorization: `Bearer ${editor}` },
      length: 250 * MB,
      chunks: (async function* () {
        yield Buffer.alloc(64 * 1024, 0x61);
        await new Promise<never>(() => {});
      })(),
    });
    expect(third.status).toBe(503);
    expect(JSON.parse(third.text)).toMatchObject({ code: 'marquee_import_busy' });
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    // Gone clients give their places back, and their files are removed.
    for (const req of held) req.destroy();
    await waitFor(() => receiving().length === 0);
    const next = await fetch(`${server.url}${IMPORT}?format=csv&dryRun=true`, {
      method: 'POST',
      headers: { authorization: `Bearer ${editor}` },
      body: 'event_name,event_start_date\nLater,2027-06-01\n',
    });
    expect(next.status).toBe(200);
  });

  it('refuses a declared length over the limit before reading', async () => {
    const reply = await streamedUpload(`${server.url}${IMPORT}?format=csv`, {
      headers: { authorization: `Bearer ${editor}` },
      length: 300 * MB,
      chunks: (async function* () {
        yield Buffer.alloc(64 * 1024, 0x61);
        await new Promise<never>(() => {});
      })(),
    });
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.text)).toMatchObject({ code: 'marquee_payload_too_large' });
  });

  it('stays within its memory through anonymous 250 MB uploads, gzip bombs and a large import', async () => {
    const before = memory();
    const anonymous = Array.from({ length: 6 }, () =>
      streamedUpload(`${server.url}${IMPORT}?format=csv`, {
        headers: { 'content-type': 'text/csv' },
        length: 250 * MB,
        chunks: bytes(250 * MB),
      }),
    );
    const bomb = gzipBomb(300 * MB);
    const bombs = Array.from({ length: 8 }, () =>
      streamedUpload(`${server.url}${IMPORT}?format=csv&dryRun=true`, {
        headers: {
          authorization: `Bearer ${editor}`,
          'content-type': 'text/csv',
          'content-encoding': 'gzip',
        },
        length: bomb.length,
        chunks: [bomb],
      }),
    );
    const anonymousReplies = await Promise.all(anonymous);
    const bombReplies = await Promise.all(bombs);
    // Every anonymous upload is refused (or cut off with the refusal), none is read whole.
    for (const reply of anonymousReplies) expect([0, 401]).toContain(reply.status);
    // Each bomb is cut off at the inflated limit, or told to come back: never imported.
    for (const reply of bombReplies) expect([413, 503]).toContain(reply.status);
    expect(bombReplies.some((reply) => reply.status === 413)).toBe(true);
    // Six 250 MB bodies held in memory were 1.5 GB; eight bombs inflated in memory, 2 GB.
    const flooded = memory();
    expect(flooded.peak - before.rss).toBeLessThan(150);

    // An editor's large file (about 20 MB of CSV, 100,000 events) is read from disk in its thread.
    const header = Buffer.from('event_name,event_start_date,event_start_time,event_description\n');
    const rows = 100_000;
    const rowOf = (index: number) =>
      `Concert ${index},2027-05-01,20:00,${'An evening of music. '.repeat(8)}\n`;
    const block = (from: number) =>
      Buffer.from(Array.from({ length: 1000 }, (_, offset) => rowOf(from + offset)).join(''));
    let length = header.length;
    for (let from = 0; from < rows; from += 1000) length += block(from).length;
    const large = await streamedUpload(`${server.url}${IMPORT}?format=csv&dryRun=true`, {
      headers: { authorization: `Bearer ${editor}`, 'content-type': 'text/csv' },
      length,
      chunks: (function* () {
        yield header;
        for (let from = 0; from < rows; from += 1000) yield block(from);
      })(),
    });
    expect(large.status, large.text.slice(0, 300)).toBe(200);

    // One large file costs what reading it takes (about 400 MB here), once: not per upload.
    expect(memory().peak - before.rss).toBeLessThan(700);

    // It still answers, and nothing is left in its uploads folder.
    const health = await fetch(`${server.url}/wp-json/marquee/v1/health`);
    expect(health.status).toBe(200);
    const small = await fetch(`${server.url}${IMPORT}?format=csv`, {
      method: 'POST',
      headers: { authorization: `Bearer ${OWNER}`, 'content-type': 'text/csv' },
      body: 'event_name,event_start_date\nAfter the flood,2027-06-01\n',
    });
    expect(small.status).toBe(201);
    // Each file goes when its answer has gone out, which the client may read a moment first.
    await expect.poll(receiving).toEqual([]);
  }, 120_000);
});
