/**
 * The editor's replica in Chromium: it syncs with `marquee serve` through a loopback session,
 * shows its state, and puts a conflict in front of the user until they decide.
 */
import type { Page } from '@playwright/test';
import { RESOURCES } from '#shared/i18n/resources.ts';
import { E2E_ADMIN_TOKEN } from '../../playwright.config.ts';
import { expect, test } from './fixtures.ts';
import { AppShellPage } from './pages/app-shell-page.ts';

const en = RESOURCES.en.common;
const headers = { authorization: `Bearer ${E2E_ADMIN_TOKEN}` };

type StoredEvent = { uuid: string; id: number; rev: number; title: Record<string, string> };

/** Reads a table of the page's replica straight from IndexedDB. */
function replicaTable(page: Page, table: string): Promise<StoredEvent[]> {
  return page.evaluate(
    (name) =>
      new Promise<StoredEvent[]>((resolve, reject) => {
        const opening = indexedDB.open('marquee');
        opening.onerror = () => reject(opening.error ?? new Error('cannot open the replica'));
        opening.onsuccess = () => {
          const read = opening.result.transaction(name).objectStore(name).getAll();
          read.onsuccess = () => {
            resolve(read.result as StoredEvent[]);
            opening.result.close();
          };
        };
      }),
    table,
  );
}

/**
 * An unsent title edit, stored the way the editor stores one (record, shadow and outbox entry in
 * one transaction), as another window of the editor would leave it.
 */
function editOffline(page: Page, event: StoredEvent, title: string): Promise<void> {
  return page.evaluate(
    ({ event, title }) =>
      new Promise<void>((resolve, reject) => {
        const opening = indexedDB.open('marquee');
        opening.onsuccess = () => {
          const db = opening.result;
          const tx = db.transaction(['events', 'shadows', 'outbox', 'meta'], 'readwrite');
          const meta = tx.objectStore('meta');
          const next = meta.get('nextMutationId');
          next.onsuccess = () => {
            const mutationId = (next.result as { value?: number } | undefined)?.value ?? 1;
            meta.put({ key: 'nextMutationId', value: mutationId + 1 });
            tx.objectStore('shadows').put({ uuid: event.uuid, kind: 'event', record: event });
            tx.objectStore('events').put({ ...event, title: { ...event.title, en: title } });
            tx.objectStore('outbox').put({
              mutationId,
              kind: 'event',
              op: 'update',
              uuid: event.uuid,
              baseRev: event.rev,
              fields: { title: { en: title } },
              createdAt: new Date().toISOString(),
            });
          };
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error ?? new Error('the edit was not stored'));
        };
      }),
    { event, title },
  );
}

test('keeps the replica level with the server, through a session of this browser', async ({
  page,
  request,
  pageErrors,
}) => {
  const app = new AppShellPage(page);
  await app.open();
  await expect(app.syncStatus).toContainText(en.sync.synced);
  const title = `Synced ${Date.now()}`;
  const created = await request.post('/wp-json/tribe/events/v1/events', {
    headers,
    data: { title, start_date: '2026-12-24 18:00:00', end_date: '2026-12-24 20:00:00' },
  });
  expect(created.status()).toBe(201);
  await expect
    .poll(async () => (await replicaTable(page, 'events')).map((event) => event.title.en))
    .toContain(title);
  expect(pageErrors).toEqual([]);
});

test('puts a conflict before the user, and keeps theirs when they say so', async ({
  page,
  request,
}) => {
  const created = await request.post('/wp-json/tribe/events/v1/events', {
    headers,
    data: {
      title: 'Base title',
      start_date: '2026-12-26 18:00:00',
      end_date: '2026-12-26 20:00:00',
    },
  });
  const { id } = (await created.json()) as { id: number };
  const app = new AppShellPage(page);
  await app.open();
  await expect
    .poll(async () => (await replicaTable(page, 'events')).find((e) => e.id === id))
    .toBeTruthy();
  const stored = (await replicaTable(page, 'events')).find((event) => event.id === id)!;

  await editOffline(page, stored, 'My title');
  await request.post(`/wp-json/tribe/events/v1/events/${id}`, {
    headers,
    data: { title: 'Web title' },
  });

  await expect(app.syncStatus).toContainText('Needs your decision: 1');
  const panel = app.syncPanel();
  await expect(panel.getByRole('heading', { name: `${en.kind.event}: My title` })).toBeVisible();
  const row = panel.getByRole('row', { name: new RegExp(en.field.title) });
  await expect(row).toContainText('My title');
  await expect(row).toContainText('Web title');

  await panel.getByRole('button', { name: en.sync.keepMine }).click();
  await expect(app.syncStatus).toContainText(en.sync.synced);
  // Nothing left to decide: the panel, which opened by itself, closes by itself.
  await expect(panel).toBeHidden();
  const onServer = await request.get(`/wp-json/tribe/events/v1/events/${id}`);
  expect(((await onServer.json()) as { title: string }).title).toBe('My title');
});

test('says it works offline when the server cannot be reached', async ({ page }) => {
  await page.route('**/wp-json/marquee/v1/sync/**', (route) => route.abort());
  const app = new AppShellPage(page);
  await app.open();
  await expect(app.syncStatus).toContainText(en.sync.offline);
});
