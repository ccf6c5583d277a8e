/**
 * A real `marquee serve` as the hub behind Debian's real nginx and Caddy, each configured as the
 * README says, and behind nginx's bare `proxy_pass` (which adds no header and rewrites Host to
 * 127.0.0.1: before the owner key, anyone on the internet got the owner's session through it).
 * Through a proxy no request gets the owner's session, a token works, and allowedHosts holds;
 * another OS user on the machine gets no session either. A phone's CalDAV goes through both.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/free-port.ts';
import { serveCli, type CliServer } from '../support/cli-process.ts';

const HOST = 'calendar.venue.example';
const ADMIN_TOKEN = 'reverse-proxy-admin-token';
const SESSION = '/wp-json/marquee/v1/session';

function installed(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** The README's nginx location block, on a loopback port without TLS. */
const readmeNginx = (port: number, hub: number) => `
server {
  listen 127.0.0.1:${port};
  server_name ${HOST};
  location / {
    proxy_pass http://127.0.0.1:${hub};
    proxy_set_header Host $host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_http_version 1.1;
    proxy_buffering off;
  }
}`;

/** nginx's default: `proxy_pass` alone. */
const bareNginx = (port: number, hub: number) => `
server {
  listen 127.0.0.1:${port};
  location / { proxy_pass http://127.0.0.1:${hub}; }
}`;

/** The README's Caddy site, as plain http on a loopback port. */
const readmeCaddy = (port: number, hub: number) => `{
	admin off
	auto_https off
}
http://:${port} {
	bind 127.0.0.1
	reverse_proxy 127.0.0.1:${hub} {
		flush_interval -1
	}
}`;

type Answer = { status: number; body: { code?: string; user?: { role?: string } } };

/** A request with the Host a browser would send to the proxy (fetch may not set Host). */
type SendOptions = {
  method?: string;
  host?: string;
  headers?: Record<string, string>;
  body?: string;
};

function send(port: number, path: string, options: SendOptions = {}): Promise<Answer> {
  return sendText(port, path, options).then(({ status, text }) => ({
    status,
    body: JSON.parse(text) as Answer['body'],
  }));
}

/** A request as a phone's CalDAV client sends it, its answer as text with its headers. */
function sendText(
  port: number,
  path: string,
  options: SendOptions = {},
): Promise<{ status: number; text: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        headers: { host: options.host ?? HOST, ...options.headers },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text, headers: response.headers }),
        );
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

/** Resolves once something accepts connections on the port (nginx says nothing when it is up). */
async function listening(port: number, child: ChildProcess, log: () => string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (child.exitCode !== null) throw new Error(`the proxy exited: ${log()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => resolve(socket.end() !== undefined));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`nothing listens on ${port}: ${log()}`);
}

function collect(child: ChildProcess): () => string {
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return () => output;
}

async function startNginx(dir: string, server: string, port: number): Promise<ChildProcess> {
  mkdirSync(dir, { recursive: true });
  const temp = (name: string) => `${name}_temp_path ${join(dir, name)};`;
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')};
events {}
http {
  access_log off;
  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}
  ${server}
}`,
  );
  const child = spawn(
    'nginx',
    ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const log = collect(child);
  await listening(port, child, () => `${log()}${readFileSync(join(dir, 'error.log'), 'utf8')}`);
  return child;
}

async function startCaddy(dir: string, caddyfile: string): Promise<ChildProcess> {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'Caddyfile'), caddyfile);
  const child = spawn(
    'caddy',
    ['run', '--adapter', 'caddyfile', '--config', join(dir, 'Caddyfile')],
    // Its data and autosaved configuration stay in the test's folder.
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
    },
  );
  const log = collect(child);
  await new Promise<void>((resolve, reject) => {
    child.stderr.on('data', () => {
      if (log().includes('serving initial configuration')) resolve();
    });
    child.once('exit', () => reject(new Error(`caddy exited: ${log()}`)));
  });
  return child;
}

const stop = (child: ChildProcess | undefined) =>
  new Promise<void>((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

const missing = ['nginx', 'caddy'].filter((command) => !installed(command));

describe('the hub behind real reverse proxies', () => {
  let dir: string;
  let hub: CliServer;
  let hubPort: number;
  let ownerKey: string;
  const proxies: ChildProcess[] = [];
  const ports = { nginx: 0, bare: 0, caddy: 0 };

  beforeAll(async () => {
    if (missing.length > 0) {
      throw new Error(
        `These tests run the README's reverse proxies: install them with \`sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}\` (Debian/Ubuntu).`,
      );
    }
    dir = mkdtempSync(join(tmpdir(), 'marquee-proxies-'));
    const data = join(dir, 'data');
    mkdirSync(data);
    writeFileSync(join(data, 'settings.json'), JSON.stringify({ allowedHosts: [HOST] }));
    // No MARQUEE_OWNER_KEY: the key is made at launch, and known only from what serve printed.
    hub = await serveCli(['--data', data, '--admin-token', ADMIN_TOKEN], { MARQUEE_OWNER_KEY: '' });
    hubPort = Number(new URL(hub.url).port);
    // serve's lines end with this one: the editor's address is printed before it.
    const printed = await new Promise<string>((resolve) => {
      const done = () => hub.output().stdout.includes('Press Ctrl-C to stop.');
      if (done()) return resolve(hub.output().stdout);
      hub.process.stdout?.on('data', () => done() && resolve(hub.output().stdout));
    });
    const editor = /Editor: (\S+)/.exec(printed)?.[1];
    if (!editor) throw new Error(`serve printed no editor address with the key: ${printed}`);
    ownerKey = new URL(editor).searchParams.get('key') ?? '';
    ports.nginx = await freePort();
    proxies.push(
      await startNginx(join(dir, 'nginx'), readmeNginx(ports.nginx, hubPort), ports.nginx),
    );
    ports.bare = await freePort();
    proxies.push(await startNginx(join(dir, 'bare'), bareNginx(ports.bare, hubPort), ports.bare));
    ports.caddy = await freePort();
    proxies.push(await startCaddy(join(dir, 'caddy'), readmeCaddy(ports.caddy, hubPort)));
  }, 60_000);

  afterAll(async () => {
    await Promise.all(proxies.map(stop));
    await stop(hub?.process);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('prints a random key that opens the owner’s session on this machine, and keeps it nowhere', async () => {
    expect(ownerKey).toMatch(/^[\w-]{43}$/);
    const direct = await send(hubPort, SESSION, {
      method: 'POST',
      host: `127.0.0.1:${hubPort}`,
      headers: { 'x-marquee-key': ownerKey },
    });
    expect(direct.status).toBe(200);
    expect(direct.body.user?.role).toBe('admin');
    const files = readdirSync(join(dir, 'data'), { recursive: true, withFileTypes: true });
    for (const file of files.filter((entry) => entry.isFile())) {
      const text = readFileSync(join(file.parentPath, file.name), 'latin1');
      expect(text.includes(ownerKey), `${file.name} holds the key`).toBe(false);
    }
  });

  describe.each(['nginx', 'caddy'] as const)('%s as the README sets it up', (proxy) => {
    it('gives no owner’s session, without the key or with it: its headers say it is a proxy', async () => {
      const port = ports[proxy];
      for (const headers of [{}, { 'x-marquee-key': ownerKey }] as Record<string, string>[]) {
        const reply = await send(port, SESSION, { method: 'POST', headers });
        expect(reply.status, JSON.stringify(reply.body)).toBe(403);
        expect(reply.body.code).toBe('marquee_session_proxied');
      }
    });

    it('lets a token through, to the session route and to the owner’s own routes', async () => {
      const port = ports[proxy];
      const authorization = `Bearer ${ADMIN_TOKEN}`;
      const session = await send(port, SESSION, { method: 'POST', headers: { authorization } });
      expect(session.status).toBe(200);
      expect(session.body.user?.role).toBe('admin');
      expect(
        (await send(port, '/wp-json/marquee/v1/tokens', { headers: { authorization } })).status,
      ).toBe(200);
      expect((await send(port, '/wp-json/marquee/v1/tokens')).status).toBe(401);
    });

    it('serves a phone’s CalDAV: the well-known redirect, discovery and a sync', async () => {
      const port = ports[proxy];
      const wellKnown = await sendText(port, '/.well-known/caldav', { method: 'PROPFIND' });
      expect(wellKnown.status).toBe(301);
      expect(wellKnown.headers.location).toBe('/dav/');
      const authorization = `Basic ${Buffer.from(`admin:${ADMIN_TOKEN}`).toString('base64')}`;
      const home = await sendText(port, '/dav/', {
        method: 'PROPFIND',
        headers: { authorization, depth: '0' },
        body: '<d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><c:calendar-home-set/></d:prop></d:propfind>',
      });
      expect(home.status).toBe(207);
      expect(home.text).toContain('<d:href>/dav/calendars/</d:href>');
      const sync = await sendText(port, '/dav/calendars/events/', {
        method: 'REPORT',
        headers: { authorization },
        body: '<d:sync-collection xmlns:d="DAV:"><d:sync-token/><d:prop><d:getetag/></d:prop></d:sync-collection>',
      });
      expect(sync.status).toBe(207);
      expect(sync.text).toMatch(/<d:sync-token>urn:marquee:sync:/);
      const anonymous = await sendText(port, '/dav/', { method: 'PROPFIND' });
      expect(anonymous.status).toBe(401);
      expect(anonymous.headers['www-authenticate']).toMatch(/^Basic /);
    });

    it('answers the hub’s host name, in allowedHosts, and no other', async () => {
      const port = ports[proxy];
      expect((await send(port, '/wp-json/tribe/events/v1/events')).status).toBe(200);
      const other = await send(port, '/wp-json/tribe/events/v1/events', { host: 'evil.example' });
      expect(other.status).toBe(403);
      expect(other.body.code).toBe('marquee_invalid_host');
    });
  });

  it('behind nginx’s bare proxy_pass, which adds no header, the key alone keeps the session', async () => {
    const port = ports.bare;
    const stranger = await send(port, SESSION, { method: 'POST' });
    expect(stranger.status, JSON.stringify(stranger.body)).toBe(401);
    expect(stranger.body.code).toBe('marquee_owner_key');
    const withKey = await send(port, SESSION, {
      method: 'POST',
      headers: { 'x-marquee-key': ownerKey },
    });
    expect(withKey.status).toBe(200);
  });

  it.skipIf(process.getuid?.() !== 0 || !installed('runuser') || !installed('curl'))(
    'gives another OS user of this machine no session',
    () => {
      for (const port of [hubPort, ports.bare]) {
        const run = spawnSync(
          'runuser',
          ['-u', 'nobody', '--', 'curl', '-s', '-X', 'POST', `http://127.0.0.1:${port}${SESSION}`],
          { encoding: 'utf8' },
        );
        expect(run.status, run.stderr).toBe(0);
        expect((JSON.parse(run.stdout) as Answer['body']).code).toBe('marquee_owner_key');
      }
    },
  );
});
