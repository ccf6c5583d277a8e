/**
 * A calendar connected as a user who may not edit others' events (an author): WordPress refuses
 * that user the raw texts of others' events (403 to core's edit reads), so the sync reads them
 * as the public does, and goes on; an event of its own it syncs as any other.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { pull } from '../support/sync.ts';
import { connectedCalendar, type ConnectedCalendar } from '../support/site-sync.ts';
import { createTecEvent, mark, tecSite } from '../support/tec-site.ts';

const site = tecSite();

let calendar: ConnectedCalendar | undefined;
afterEach(async () => {
  await calendar?.close();
  calendar = undefined;
});

describe.skipIf(!site)('a calendar connected as an author', () => {
  it('brings in others’ events as the public sees them, and sends its own', async () => {
    calendar = await connectedCalendar({ user: 'author1' });
    const tag = mark();
    const theirs = `Admin’s “night” ${tag}`;
    await createTecEvent({
      title: theirs,
      description: 'Read as the public reads it.',
      start_date: '2027-12-03 20:00:00',
      end_date: '2027-12-03 22:00:00',
    });
    const mine = `Author’s own ${tag}`;
    const made = await calendar.api('/events', {
      as: 'owner',
      json: { title: mine, start_date: '2027-12-04 20:00:00', end_date: '2027-12-04 22:00:00' },
    });
    expect(made.status).toBe(201);
    const summary = await calendar.sync();
    expect(summary).toMatchObject({ sent: 1, conflicts: 0 });
    expect(summary.received).toBeGreaterThanOrEqual(1);
    const events = (await pull(calendar)).records.event;
    const received = events.find((event) => event.title.en === theirs);
    expect(received?.description.en).toContain('Read as the public reads it.');
    expect(await calendar.sync()).toMatchObject({ sent: 0, received: 0, conflicts: 0 });
  });
});
