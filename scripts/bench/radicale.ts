/**
 * Radicale (Debian's), a reference CalDAV server, on the same machine as a bench's Marquee:
 * storing in a folder of its own, anyone signed in, its one calendar made with MKCALENDAR and
 * filled by one PUT of a whole calendar (Radicale splits it into one object per UID).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';

export type Radicale = { child: ChildProcess; calendar: string };

/**
 * `user`: who signs in (any password): Radicale makes that user's principal at the first
 * request, and the calendar goes under it.
 */
export async function startRadicale(
  dir: string,
  port: number,
  user: string,
  authorization: string,
): Promise<Radicale> {
  mkdirSync(dir, { recursive: true });
  const config = join(dir, 'config');
  writeFileSync(
    config,
    [
      '[server]',
      `hosts = 127.0.0.1:${port}`,
      // A listing of 100k objects is one long answer: Radicale's default gives up after 30 s.
      'timeout = 600',
      'max_content_length = 2000000000',
      '[auth]',
      'type = none',
      '[storage]',
      `filesystem_folder = ${join(dir, 'collections')}`,
      '[logging]',
      'level = info',
      '',
    ].join('\n'),
  );
  const child = spawn('/usr/bin/python3', ['-m', 'radicale', '--config', config]);
  let log = '';
  await new Promise<void>((resolve, reject) => {
    const listen = (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('Listening on')) {
        child.stderr.off('data', listen);
        child.stderr.resume();
        resolve();
      }
    };
    child.stderr.on('data', listen);
    child.once('exit', () => reject(new Error(`radicale exited: ${log}`)));
  });
  const root = `http://127.0.0.1:${port}/`;
  await (await fetch(root, { method: 'PROPFIND', headers: { authorization, depth: '0' } })).text();
  const calendar = `${root}${user}/events/`;
  const made = await fetch(calendar, { method: 'MKCALENDAR', headers: { authorization } });
  if (made.status !== 201) {
    child.kill('SIGINT');
    throw new Error(`MKCALENDAR: ${made.status} ${await made.text()}`);
  }
  return { child, calendar };
}

/**
 * Puts a whole calendar (one VCALENDAR of every event) into Radicale's calendar; ms taken. Over
 * node:http, which waits as long as it takes: fetch gives up after 5 minutes without an answer,
 * less than 10k events take.
 */
export function fillRadicale(
  radicale: Radicale,
  ics: string,
  authorization: string,
): Promise<number> {
  const began = performance.now();
  return new Promise((resolve, reject) => {
    const sent = request(
      radicale.calendar,
      {
        method: 'PUT',
        headers: { authorization, 'content-type': 'text/calendar; charset=utf-8' },
      },
      (reply) => {
        reply.resume();
        reply.on('end', () =>
          (reply.statusCode ?? 500) >= 300
            ? reject(new Error(`PUT: ${reply.statusCode}`))
            : resolve(performance.now() - began),
        );
      },
    );
    sent.on('error', reject);
    sent.end(ics);
  });
}
