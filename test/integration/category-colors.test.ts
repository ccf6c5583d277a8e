/**
 * A category's colour (Marquee's own field): set through sync like any field, checked, kept by
 * TEC writes that do not name it, absent from TEC answers, and carried by JSON backups (older
 * backups, which have none, restore with none chosen).
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pull, push } from '../support/sync.ts';
import { OWNER_TOKEN, startTestServer, type TestServer } from '../support/test-server.ts';
import { expectError } from '../support/venues.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

const CLIENT = 'client-colors-1';
const EXPORT = '/wp-json/marquee/v1/export?format=json';
const IMPORT = '/wp-json/marquee/v1/import?format=json';

const newCategory = (mutationId: number, uuid: string, color: unknown) => ({
  mutationId,
  kind: 'category',
  op: 'create',
  uuid,
  baseRev: 0,
  fields: { name: { en: `Jazz ${mutationId}` }, color },
});

const colorOf = async (on: TestServer, uuid: string) =>
  (await pull(on)).records.category.find((term) => term.uuid === uuid)?.color;

describe('category colours', () => {
  it('are set through sync, checked, and kept when a TEC write changes something else', async () => {
    const uuid = randomUUID();
    const refused = await server.request('/wp-json/marquee/v1/sync/push', {
      as: 'editor',
      json: { clientId: CLIENT, mutations: [newCategory(1, uuid, 'red')] },
    });
    expectError(refused, 400, 'rest_invalid_param');
    expect(JSON.stringify(refused.body)).toContain('must be a colour like #1a7f5a');
    expect(await colorOf(server, uuid)).toBeUndefined();

    await push(server, CLIENT, [newCategory(2, uuid, '#1a7f5a')]);
    expect(await colorOf(server, uuid)).toBe('#1a7f5a');

    const id = (await pull(server)).records.category.find((term) => term.uuid === uuid)?.id;
    const renamed = await server.api(`/categories/${id}`, {
      as: 'editor',
      json: { name: 'Jazz & Blues' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).not.toHaveProperty('color');
    expect(await colorOf(server, uuid)).toBe('#1a7f5a');
  });

  it('travel in JSON backups; a backup from before colours restores with none chosen', async () => {
    const uuid = randomUUID();
    await push(server, CLIENT, [newCategory(1, uuid, '#7c3aed')]);
    // Fetched as it is sent (request() would parse it): the text is what a restore reads.
    const backup = await (
      await fetch(`${server.url}${EXPORT}`, { headers: { authorization: `Bearer ${OWNER_TOKEN}` } })
    ).text();
    expect(backup).toContain('"color":"#7c3aed"');

    const target = await startTestServer();
    const older = await startTestServer();
    try {
      expect((await target.request(IMPORT, { as: 'owner', text: backup })).status).toBe(201);
      expect(await colorOf(target, uuid)).toBe('#7c3aed');

      const withoutColors = backup.replaceAll(/,"color":"[^"]*"/g, '');
      expect(withoutColors).not.toContain('"color"');
      expect((await older.request(IMPORT, { as: 'owner', text: withoutColors })).status).toBe(201);
      expect(await colorOf(older, uuid)).toBe('');
    } finally {
      await Promise.all([target.close(), older.close()]);
    }
  });
});
