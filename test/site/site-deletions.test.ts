/**
 * Deletions with the real site: the trash goes both ways (the log saying on which side it was
 * trashed), and so does a restore; an
 * event deleted for good on the site goes to Marquee's trash (restorable), with a note in the
 * sync log; one deleted for good in Marquee goes to the site's trash; an event absent from every
 * list the site answers (past and hidden from listings) is not taken for deleted.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { pull } from '../support/sync.ts';
import { connectedCalendar, type ConnectedCalendar } from '../support/site-sync.ts';
import { adminRequest, createTecEvent, mark, tecSite } from '../support/tec-site.ts';

const site = tecSite();

let calendar: ConnectedCalendar | undefined;
afterEach(async () => {
  await calendar?.close();
  calendar = undefined;
});

type LogEntry = {
  action: string;
  kind: string | null;
  remoteId: string | null;
  note: string | null;
};

const when = { start_date: '2027-11-05 19:00:00', end_date: '2027-11-05 21:00:00' };

/** The site's status of an event (core's edit read answers the trash too). */
async function siteStatus(id: number): Promise<string | number> {
  const reply = await adminRequest(`wp/v2/tribe_events/${id}?context=edit&_fields=status`);
  return reply.status === 200 ? String(reply.body.status) : reply.status;
}

/** Marquee's event with this title, trash and hidden ones too (the replica's pull). */
async function marqueeEvent(server: ConnectedCalendar, title: string) {
  return (await pull(server)).records.event.find((event) => event.title.en === title);
}

async function logOf(server: ConnectedCalendar): Promise<LogEntry[]> {
  return (await server.request('/wp-json/marquee/v1/site/log?limit=500', { as: 'owner' }))
    .body as LogEntry[];
}

describe.skipIf(!site)('deletions with the website', () => {
  it('sends Marquee’s trash to the site’s, and a restore back', async () => {
    calendar = await connectedCalendar();
    const title = `Trash here ${mark()}`;
    const made = await createTecEvent({ title, ...when });
    await calendar.sync();
    const mine = await marqueeEvent(calendar, title);
    expect(mine).toBeDefined();
    const id = mine!.id;

    await calendar.api(`/events/${id}`, { as: 'owner', method: 'DELETE' });
    expect(await calendar.sync()).toMatchObject({ deleted: 1, conflicts: 0 });
    expect(await siteStatus(made.id)).toBe('trash');
    // The log says where it was trashed: here, and sent to the site's trash.
    const sent = (await logOf(calendar)).find((row) => row.remoteId === String(made.id));
    expect([sent?.action, sent?.note]).toEqual([
      'deleted',
      'trashed in Marquee: moved to the website’s trash',
    ]);
    expect(await calendar.sync()).toEqual({
      sent: 0,
      received: 0,
      merged: 0,
      conflicts: 0,
      deleted: 0,
    });

    await calendar.api(`/events/${id}`, { as: 'owner', json: { status: 'publish' } });
    expect(await calendar.sync()).toMatchObject({ sent: 1, conflicts: 0 });
    expect(await siteStatus(made.id)).toBe('publish');
    expect((await adminRequest(`tribe/events/v1/events/${made.id}`)).body).toMatchObject({
      title,
      start_date: when.start_date,
    });
  });

  it('takes the site’s trash into Marquee’s, and a restore there back', async () => {
    calendar = await connectedCalendar();
    const title = `Trash there ${mark()}`;
    const made = await createTecEvent({ title, ...when, cost: '7' });
    await calendar.sync();

    await adminRequest(`tribe/events/v1/events/${made.id}`, { method: 'DELETE' });
    const trashed = await calendar.sync();
    expect(trashed, JSON.stringify(await logOf(calendar))).toMatchObject({
      received: 1,
      conflicts: 0,
    });
    expect((await marqueeEvent(calendar, title))?.status).toBe('trash');
    // Not "received: status": trashed on the website, and so here.
    const taken = (await logOf(calendar)).find((row) => row.remoteId === String(made.id));
    expect([taken?.action, taken?.note]).toEqual([
      'deleted',
      'trashed on the website: moved to the trash here',
    ]);

    await adminRequest(`wp/v2/tribe_events/${made.id}`, { body: { status: 'publish' } });
    const restored = await calendar.sync();
    expect(restored, JSON.stringify(await logOf(calendar))).toMatchObject({
      received: 1,
      sent: 0,
      conflicts: 0,
    });
    expect(await marqueeEvent(calendar, title)).toMatchObject({ status: 'publish', cost: '7' });
    expect(await siteStatus(made.id)).toBe('publish');
  });

  it('moves an event deleted for good on the site to Marquee’s trash, and says so in the log', async () => {
    calendar = await connectedCalendar();
    const title = `Gone for good ${mark()}`;
    const made = await createTecEvent({ title, ...when });
    await calendar.sync();

    const removed = await adminRequest(`wp/v2/tribe_events/${made.id}?force=true`, {
      method: 'DELETE',
    });
    expect(removed.status).toBe(200);
    expect(await calendar.sync()).toMatchObject({ deleted: 1, sent: 0 });
    const mine = await marqueeEvent(calendar, title);
    expect(mine?.status).toBe('trash');
    const entry = (await logOf(calendar)).find(
      (row) => row.action === 'deleted' && row.remoteId === String(made.id),
    );
    expect(entry?.note).toMatch(/deleted for good on the website/);
    // Restored in Marquee, it goes to the site again, as a new event.
    await calendar.api(`/events/${mine!.id}`, {
      as: 'owner',
      json: { status: 'publish' },
    });
    expect(await calendar.sync()).toMatchObject({ sent: 1 });
    const again = (await logOf(calendar)).find(
      (row) => row.action === 'sent' && row.kind === 'event' && row.remoteId !== String(made.id),
    );
    expect(await siteStatus(Number(again?.remoteId))).toBe('publish');
  });

  it('sends an event deleted for good in Marquee to the site’s trash', async () => {
    calendar = await connectedCalendar();
    const title = `Deleted here ${mark()}`;
    const made = await createTecEvent({ title, ...when });
    await calendar.sync();
    const mine = await marqueeEvent(calendar, title);
    const removed = await calendar.api(`/events/${mine!.id}?force=true`, {
      as: 'owner',
      method: 'DELETE',
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(await calendar.sync()).toMatchObject({ deleted: 1 });
    expect(await siteStatus(made.id)).toBe('trash');
  });

  it('does not take an event absent from every list of the site (past, hidden) for deleted', async () => {
    calendar = await connectedCalendar();
    const title = `Hidden past ${mark()}`;
    const made = await createTecEvent({ title, ...when, hide_from_listings: true });
    await calendar.sync();
    expect((await marqueeEvent(calendar, title))?.status).toBe('publish');
    // Now past and hidden: in neither TEC's lists nor core's.
    const moved = await adminRequest(`tribe/events/v1/events/${made.id}`, {
      body: {
        title,
        start_date: '2024-02-01 19:00:00',
        end_date: '2024-02-01 21:00:00',
        hide_from_listings: true,
      },
    });
    expect(moved.status).toBe(200);
    const listed = await adminRequest(
      `tribe/events/v1/events?start_date=1900-01-01&end_date=2200-12-31&per_page=50&search=${encodeURIComponent(title)}`,
    );
    expect(listed.body.events ?? []).toEqual([]);
    const summary = await calendar.sync();
    expect(summary).toMatchObject({ deleted: 0, received: 1 });
    expect(await marqueeEvent(calendar, title)).toMatchObject({
      status: 'publish',
      start: '2024-02-01 19:00:00',
    });
    expect((await calendar.sync()).deleted).toBe(0);
  });
});
