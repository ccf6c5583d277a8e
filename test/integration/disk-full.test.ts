/**
 * A full disk and a read-only data directory: every door that writes — REST writes,
 * sync push, import and restore, settings, tokens — answers 507 `marquee_disk_full` or 503
 * `marquee_read_only` in the WordPress envelope; reads keep working; the failed write leaves
 * nothing behind (the change sequence as it was, `PRAGMA integrity_check` ok); and once there is
 * room again the same write succeeds. How the failures are made as root: test/support/storage.ts.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createdTokenSchema } from '#shared/schemas/access-token.ts';
import { settingsReplySchema } from '#shared/schemas/settings.ts';
import { at, createEvent, eventOf, titles } from '../support/events.ts';
import { fillDisk, integrityOf, makeReadOnly } from '../support/storage.ts';
import { pull, push } from '../support/sync.ts';
import { startTestServer, type Reply, type TestServer } from '../support/test-server.ts';
import { expectError } from '../support/venues.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

const DISK_FULL = 'The disk is full: the change was not saved. Free some space and try again.';
/** Far more than the one page the full disk has left. */
const LONG = 'Notes for the crew. '.repeat(3000);
const SETTINGS = '/wp-json/marquee/v1/settings';
const TOKENS = '/wp-json/marquee/v1/tokens';
const CLIENT = 'client-disk-full';

const event = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  start_date: at(1),
  end_date: at(1, 1),
  ...extra,
});

const syncCreate = (mutationId: number) => ({
  mutationId,
  kind: 'event',
  op: 'create',
  uuid: randomUUID(),
  baseRev: 0,
  fields: {
    title: { en: `Offline ${mutationId}` },
    description: { en: LONG },
    start: '2026-12-01 20:00:00',
    end: '2026-12-01 22:00:00',
  },
});

const csvOf = (count: number) =>
  `event_name,event_start_date,event_description\n${Array.from(
    { length: count },
    (_, n) =>
      `Imported ${n},2027-03-${String((n % 28) + 1).padStart(2, '0')},${LONG.slice(0, 500)}`,
  ).join('\n')}\n`;

const importCsv = (text: string) =>
  server.request('/wp-json/marquee/v1/import?format=csv', { as: 'owner', text });

/** The calendar as sync sees it: the checkpoint (the change log's last revision) and uuids. */
async function snapshot() {
  const page = await pull(server, '0', { limit: 1000 });
  return { checkpoint: page.checkpoint, events: page.records.event.map((record) => record.uuid) };
}

function expectIntact() {
  expect(integrityOf(server.dataDir)).toEqual({ integrity: ['ok'], foreignKeyProblems: 0 });
}

async function defaultLanguageOf(on: TestServer): Promise<string> {
  const reply = await on.request(SETTINGS, { as: 'owner' });
  return settingsReplySchema.parse(reply.body).settings.defaultLanguage;
}

function expectDiskFull(reply: Reply) {
  expect(expectError(reply, 507, 'marquee_disk_full').message).toBe(DISK_FULL);
}

describe('a full disk', () => {
  it('refuses REST writes with 507, keeps reads, and takes the write once there is room', async () => {
    const kept = await createEvent(server, event('Kept'));
    const before = await snapshot();
    const room = fillDisk(server.database);

    expectDiskFull(
      await server.api('/events', { as: 'owner', json: event('New', { description: LONG }) }),
    );
    expectDiskFull(
      await server.api(`/events/${kept.id}`, { as: 'owner', json: { description: LONG } }),
    );
    expectDiskFull(
      await server.api('/venues', { as: 'owner', json: { venue: 'Hall', description: LONG } }),
    );

    expect(eventOf(await server.api(`/events/${kept.id}`)).description).toBe('');
    expect(await titles(server, '')).toEqual(['Kept']);
    expect(await snapshot()).toEqual(before);
    expectIntact();

    room();
    const created = await createEvent(server, event('New', { description: LONG }));
    expect(created.description).toContain('Notes for the crew.');
    expect(await titles(server, '')).toEqual(['Kept', 'New']);
    expect(Number((await snapshot()).checkpoint)).toBeGreaterThan(Number(before.checkpoint));
    expectIntact();
  });

  it('refuses a sync push with 507, so the client keeps its change and sends it again', async () => {
    const room = fillDisk(server.database);
    const mutation = syncCreate(1);
    const refused = await server.request('/wp-json/marquee/v1/sync/push', {
      as: 'editor',
      json: { clientId: CLIENT, mutations: [mutation] },
    });
    expectDiskFull(refused);
    // Not answered, so not done with: the server does not count it as received.
    const after = await pull(server, '0', { clientId: CLIENT });
    expect([after.lastMutationId, after.records.event]).toEqual([0, []]);
    expectIntact();

    room();
    const applied = await push(server, CLIENT, [mutation]);
    expect(applied.results).toEqual([
      { mutationId: 1, status: 'applied', rev: Number(applied.checkpoint) },
    ]);
    expect((await pull(server, '0', { clientId: CLIENT })).records.event).toHaveLength(1);
  });

  it('refuses an import with 507 and lands none of it; the same file imports once there is room', async () => {
    await createEvent(server, event('Kept'));
    const before = await snapshot();
    const file = csvOf(300);
    const room = fillDisk(server.database);
    expectDiskFull(await importCsv(file));
    expect(await snapshot()).toEqual(before);
    expectIntact();

    room();
    const imported = await importCsv(file);
    expect(imported.status, JSON.stringify(imported.body).slice(0, 300)).toBe(201);
    expect(imported.body).toMatchObject({ events: { new: 300 } });
    expectIntact();
  });

  it('refuses a restore with 507 (not as a broken file) and restores once there is room', async () => {
    await createEvent(server, event('In the backup', { description: LONG }));
    await server.request(SETTINGS, {
      as: 'owner',
      method: 'PATCH',
      json: { defaultLanguage: 'de' },
    });
    const backup = await server.request('/wp-json/marquee/v1/export?format=json', { as: 'owner' });
    expect(backup.status).toBe(200);
    const target = await startTestServer();
    try {
      const restore = () =>
        target.request('/wp-json/marquee/v1/import?format=json', {
          as: 'owner',
          text: JSON.stringify(backup.body),
        });
      const file = join(target.dataDir, 'settings.json');
      const saved = readFileSync(file, 'utf8');
      const room = fillDisk(target.database);
      expectDiskFull(await restore());
      // The backup's settings were saved first; the records failing put the earlier ones back.
      expect(await defaultLanguageOf(target)).toBe('en');
      expect(readFileSync(file, 'utf8')).toBe(saved);
      room();
      expect((await restore()).status).toBe(201);
      expect(await titles(target, '')).toEqual(['In the backup']);
      expect(await defaultLanguageOf(target)).toBe('de');
    } finally {
      await target.close();
    }
  });

  it('refuses a restore with 507 when settings.json cannot be written, landing no record', async () => {
    await createEvent(server, event('In the backup'));
    await server.request(SETTINGS, {
      as: 'owner',
      method: 'PATCH',
      json: { defaultLanguage: 'de' },
    });
    const backup = await server.request('/wp-json/marquee/v1/export?format=json', { as: 'owner' });
    const target = await startTestServer();
    try {
      const restore = (dryRun = false) =>
        target.request(`/wp-json/marquee/v1/import?format=json&dryRun=${dryRun}`, {
          as: 'owner',
          text: JSON.stringify(backup.body),
        });
      const file = join(target.dataDir, 'settings.json');
      symlinkSync('/dev/full', `${file}.tmp`);
      // A preview writes no settings, so it answers as ever.
      expect((await restore(true)).status).toBe(200);
      expectDiskFull(await restore());
      expect(await titles(target, '', 'owner')).toEqual([]);
      expect(await defaultLanguageOf(target)).toBe('en');

      // The failed save removed its temporary file: the same restore now lands whole.
      expect((await restore()).status).toBe(201);
      expect(await titles(target, '', 'owner')).toEqual(['In the backup']);
      expect(await defaultLanguageOf(target)).toBe('de');
    } finally {
      await target.close();
    }
  });

  it('refuses a token with 507 once the disk has no room for it, and makes it once there is', async () => {
    const room = fillDisk(server.database);
    const create = (n: number) =>
      server.request(TOKENS, { as: 'owner', json: { name: `Build ${n} ${'x'.repeat(80)}` } });
    // Small rows fit in pages the file has; one of them needs a page it cannot get.
    let refused: Reply | undefined;
    let made = 0;
    for (let n = 0; n < 300 && !refused; n += 1) {
      const reply = await create(n);
      if (reply.status === 201) made += 1;
      else refused = reply;
    }
    expect(refused, 'the full disk never refused a token').toBeDefined();
    expectDiskFull(refused as Reply);
    const listed = (await server.request(TOKENS, { as: 'owner' })).body as unknown[];
    expectIntact();

    room();
    const reply = await create(made);
    expect(createdTokenSchema.parse(reply.body).name).toContain(`Build ${made} `);
    expect((await server.request(TOKENS, { as: 'owner' })).body).toHaveLength(listed.length + 1);
  });

  it('answers 507 when settings.json cannot be written, and keeps the settings as they were', async () => {
    const file = join(server.dataDir, 'settings.json');
    const saved = readFileSync(file, 'utf8');
    // The temporary file the save writes first is the kernel's always-full device.
    symlinkSync('/dev/full', `${file}.tmp`);
    const change = () =>
      server.request(SETTINGS, { as: 'owner', method: 'PATCH', json: { defaultLanguage: 'de' } });
    expectDiskFull(await change());
    const read = settingsReplySchema.parse((await server.request(SETTINGS, { as: 'owner' })).body);
    expect(read.settings.defaultLanguage).toBe('en');
    expect(readFileSync(file, 'utf8')).toBe(saved);

    // The failed save removed its temporary file: that was the room it needed.
    const changed = await change();
    expect(changed.status).toBe(200);
    expect(settingsReplySchema.parse(changed.body).settings.defaultLanguage).toBe('de');
  });
});

describe('a read-only data directory', () => {
  it('refuses every door that writes with 503, keeps reads, and writes again once writable', async () => {
    const kept = await createEvent(server, event('Kept'));
    const { id: tokenId } = createdTokenSchema.parse(
      (await server.request(TOKENS, { as: 'owner', json: { name: 'Site build' } })).body,
    );
    const before = await snapshot();
    const writable = makeReadOnly(server.database);

    const refusals = [
      await server.api('/events', { as: 'owner', json: event('New') }),
      await server.api(`/events/${kept.id}`, { as: 'owner', json: { title: 'Renamed' } }),
      await server.api(`/events/${kept.id}`, { as: 'owner', method: 'DELETE' }),
      await server.api('/categories', { as: 'owner', json: { name: 'Jazz' } }),
      await server.request('/wp-json/marquee/v1/sync/push', {
        as: 'editor',
        json: { clientId: CLIENT, mutations: [syncCreate(1)] },
      }),
      await importCsv(csvOf(3)),
      await server.request(TOKENS, { as: 'owner', json: { name: 'Another' } }),
      await server.request(`${TOKENS}/${tokenId}`, { as: 'owner', method: 'DELETE' }),
    ];
    for (const reply of refusals) {
      const envelope = expectError(reply, 503, 'marquee_read_only');
      expect(envelope.message).toMatch(/^The calendar’s data directory cannot be written to/);
    }

    expect(eventOf(await server.api(`/events/${kept.id}`)).title).toBe('Kept');
    expect(await titles(server, '', 'owner')).toEqual(['Kept']);
    expect((await server.request(TOKENS, { as: 'owner' })).status).toBe(200);
    expect(await snapshot()).toEqual(before);
    expectIntact();

    writable();
    await createEvent(server, event('New'));
    expect(await titles(server, '')).toEqual(['Kept', 'New']);
  });

  it('answers 503 when the directory refuses settings.json, and keeps the settings', async () => {
    const file = join(server.dataDir, 'settings.json');
    // sysfs takes no new files, even from root: EACCES, or EROFS where it is mounted read-only.
    symlinkSync('/sys/marquee-read-only-test', `${file}.tmp`);
    const reply = await server.request(SETTINGS, {
      as: 'owner',
      method: 'PATCH',
      json: { defaultLanguage: 'fr' },
    });
    expectError(reply, 503, 'marquee_read_only');
    const read = settingsReplySchema.parse((await server.request(SETTINGS, { as: 'owner' })).body);
    expect(read.settings.defaultLanguage).toBe('en');
  });
});
