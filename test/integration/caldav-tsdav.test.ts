/**
 * The CalDAV door as a phone's client drives it: tsdav (the npm CalDAV client) finds the
 * calendar from the bare server address, lists it, keeps in step by sync-collection while the
 * REST API and CalDAV both edit, writes with ETags, and is refused what its role may not do.
 */
import { DAVClient, type DAVCalendar } from 'tsdav';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Role } from '#shared/schemas/common.ts';
import { pull, push } from '../support/sync.ts';
import { serverPerTest, type TestServer } from '../support/test-server.ts';

const start = serverPerTest();
let server: TestServer;
beforeEach(async () => {
  server = await start();
});

async function clientAs(role: Role): Promise<{ client: DAVClient; calendar: DAVCalendar }> {
  const client = new DAVClient({
    serverUrl: server.url,
    credentials: { username: `${role} token`, password: server.tokens[role] },
    authMethod: 'Basic',
    defaultAccountType: 'caldav',
  });
  await client.login();
  const calendars = await client.fetchCalendars();
  expect(calendars).toHaveLength(1);
  return { client, calendar: calendars[0]! };
}

const phoneEvent = (uid: string, summary: string, day = '20261205') =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Phone//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20261120T100000Z',
    `DTSTART:${day}T180000Z`,
    `DTEND:${day}T200000Z`,
    `SUMMARY:${summary}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');

async function restEvent(title: string, as: Role = 'editor') {
  const reply = await server.api('/events', {
    as,
    json: { title, start_date: '2026-12-01 19:00:00', end_date: '2026-12-01 21:00:00' },
  });
  expect(reply.status).toBe(201);
  return reply.body as { id: number };
}

const summaries = (objects: { data?: unknown }[]) =>
  objects.map((object) => /SUMMARY:(.*)\r\n/.exec(String(object.data))?.[1]).sort();

describe('CalDAV through tsdav', () => {
  it('discovers the calendar from the bare address, with its name and sync token', async () => {
    await server.request('/wp-json/marquee/v1/settings', {
      as: 'owner',
      method: 'PATCH',
      json: { name: 'Rathaus Hall' },
    });
    const { calendar } = await clientAs('editor');
    expect(calendar.displayName).toBe('Rathaus Hall');
    expect(calendar.url).toBe(`${server.url}/dav/calendars/events/`);
    expect(calendar.components).toEqual(['VEVENT']);
    expect(calendar.syncToken).toMatch(/^urn:marquee:sync:/);
    expect(calendar.calendarColor).toMatch(/^#/);
  });

  it('syncs fully, then by delta after edits through REST and through CalDAV', async () => {
    const first = await restEvent('Choir');
    await restEvent('Quiz');
    const { client, calendar } = await clientAs('editor');
    const full = await client.fetchCalendarObjects({ calendar });
    expect(summaries(full)).toEqual(['Choir', 'Quiz']);

    const start = await client.syncCollection({
      url: calendar.url,
      props: { 'd:getetag': {} },
      syncLevel: 1,
      syncToken: '',
    });
    expect(start.filter((one) => one.href)).toHaveLength(2);
    const token = String(calendar.syncToken);

    // REST renames one event; the phone adds one.
    await server.api(`/events/${first.id}`, { as: 'editor', json: { title: 'Choir (moved)' } });
    const put = await client.createCalendarObject({
      calendar,
      filename: 'phone-1.ics',
      iCalString: phoneEvent('phone-1', 'Staff meeting'),
    });
    expect(put.status).toBe(201);
    const delta = await client.syncCollection({
      url: calendar.url,
      props: { 'd:getetag': {} },
      syncLevel: 1,
      syncToken: token,
    });
    const hrefs = delta
      .map((one) => one.href)
      .filter(Boolean)
      .sort();
    expect(hrefs).toHaveLength(2);
    expect(hrefs.some((href) => href!.endsWith('/phone-1.ics'))).toBe(true);

    // The REST API lists the phone's event, as every door's.
    const listed = (await server.api('/events?search=Staff', { as: 'editor' })).body as {
      events: { title: string }[];
    };
    expect(listed.events.map((event) => event.title)).toEqual(['Staff meeting']);

    // A trash through REST is a 404 member of the next delta.
    const [now] = await client.fetchCalendars();
    await server.api(`/events/${first.id}`, { as: 'editor', method: 'DELETE' });
    const gone = await client.syncCollection({
      url: calendar.url,
      props: { 'd:getetag': {} },
      syncLevel: 1,
      syncToken: String(now!.syncToken),
    });
    expect(gone.some((one) => one.status === 404)).toBe(true);
  });

  it('updates with the current ETag, refuses a stale one with 412, deletes to the trash', async () => {
    const { client, calendar } = await clientAs('editor');
    await client.createCalendarObject({
      calendar,
      filename: 'phone-2.ics',
      iCalString: phoneEvent('phone-2', 'Rehearsal'),
    });
    const [object] = await client.fetchCalendarObjects({ calendar });
    expect(object!.etag).toMatch(/^"/);
    const again = await client.fetchCalendarObjects({ calendar });
    expect(again[0]!.etag).toBe(object!.etag);
    expect(again[0]!.data).toBe(object!.data);

    const updated = await client.updateCalendarObject({
      calendarObject: { ...object!, data: phoneEvent('phone-2', 'Dress rehearsal') },
    });
    expect(updated.status).toBe(204);
    const stale = await client.updateCalendarObject({
      calendarObject: { ...object!, data: phoneEvent('phone-2', 'Lost edit') },
    });
    expect(stale.status).toBe(412);
    const [now] = await client.fetchCalendarObjects({ calendar });
    expect(summaries([now!])).toEqual(['Dress rehearsal']);

    const created = await client.createCalendarObject({
      calendar,
      filename: 'phone-2.ics',
      iCalString: phoneEvent('phone-2', 'Twice'),
    });
    expect(created.status).toBe(412);

    const removed = await client.deleteCalendarObject({ calendarObject: now! });
    expect(removed.status).toBe(204);
    expect(await client.fetchCalendarObjects({ calendar })).toHaveLength(0);
    const trashed = (await server.api('/events?status=trash', { as: 'editor' })).body as {
      events: { title: string }[];
    };
    expect(trashed.events.map((event) => event.title)).toEqual(['Dress rehearsal']);
  });

  it('keeps a series whole and changes one occurrence through a RECURRENCE-ID exception', async () => {
    const created = await server.api('/events', {
      as: 'editor',
      json: {
        title: 'Yoga',
        start_date: '2026-12-07 09:00:00',
        end_date: '2026-12-07 10:00:00',
        recurrence: { rrule: 'FREQ=WEEKLY;COUNT=4', exdates: [] },
      },
    });
    expect(created.status).toBe(201);
    const { client, calendar } = await clientAs('editor');
    const [series] = await client.fetchCalendarObjects({ calendar });
    const text = String(series!.data);
    expect(text).toContain('RRULE:FREQ=WEEKLY;COUNT=4');
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    const uid = /UID:(.*)\r\n/.exec(text)![1]!;
    const exception = [
      'BEGIN:VEVENT',
      `UID:${uid}`,
      'DTSTAMP:20261120T100000Z',
      'RECURRENCE-ID:20261214T090000Z',
      'DTSTART:20261214T110000Z',
      'DTEND:20261214T120000Z',
      'SUMMARY:Yoga (late)',
      'END:VEVENT',
    ].join('\r\n');
    const edited = text.replace('END:VCALENDAR', `${exception}\r\nEND:VCALENDAR`);
    const put = await client.updateCalendarObject({ calendarObject: { ...series!, data: edited } });
    expect(put.status).toBe(204);

    const listed = (await server.api('/events?start_date=2026-12-01', { as: 'editor' })).body as {
      events: { title: string; start_date: string }[];
    };
    expect(listed.events.map((event) => `${event.start_date} ${event.title}`)).toEqual([
      '2026-12-07 09:00:00 Yoga',
      '2026-12-14 11:00:00 Yoga (late)',
      '2026-12-21 09:00:00 Yoga',
      '2026-12-28 09:00:00 Yoga',
    ]);
    const [after] = await client.fetchCalendarObjects({ calendar });
    expect(String(after!.data).match(/RECURRENCE-ID/g)).toHaveLength(1);
  });

  it('answers 401 without credentials and 403 for what the role may not do', async () => {
    const anonymous = await fetch(`${server.url}/dav/calendars/events/`, { method: 'PROPFIND' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Basic /);

    const { id } = await restEvent('Board meeting');
    const { client, calendar } = await clientAs('contributor');
    const visible = await client.fetchCalendarObjects({ calendar });
    expect(summaries(visible)).toEqual(['Board meeting']);
    const refused = await client.updateCalendarObject({
      calendarObject: { ...visible[0]!, data: String(visible[0]!.data).replace('Board', 'Bored') },
    });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toMatch(/rest_cannot_edit|not allowed|cannot/i);
    const event = (await server.api(`/events/${id}`)).body as { title: string };
    expect(event.title).toBe('Board meeting');
  });

  it('takes an occurrence out of a series by the EXDATE a phone adds', async () => {
    await server.api('/events', {
      as: 'editor',
      json: {
        title: 'Pilates',
        start_date: '2026-12-08 09:00:00',
        end_date: '2026-12-08 10:00:00',
        recurrence: { rrule: 'FREQ=WEEKLY;COUNT=3', exdates: [] },
      },
    });
    const { client, calendar } = await clientAs('editor');
    const [series] = await client.fetchCalendarObjects({ calendar });
    const edited = String(series!.data).replace(
      /(RRULE:[^\r]*\r\n)/,
      '$1EXDATE:20261215T090000Z\r\n',
    );
    expect(edited).toContain('EXDATE');
    const put = await client.updateCalendarObject({ calendarObject: { ...series!, data: edited } });
    expect(put.status).toBe(204);
    const listed = (await server.api('/events?start_date=2026-12-01', { as: 'editor' })).body as {
      events: { start_date: string }[];
    };
    expect(listed.events.map((event) => event.start_date)).toEqual([
      '2026-12-08 09:00:00',
      '2026-12-22 09:00:00',
    ]);
  });

  it('meets the editor’s replica: a phone’s edit is in its pull, its push in the phone’s delta', async () => {
    const { client, calendar } = await clientAs('editor');
    const before = await pull(server);
    await client.createCalendarObject({
      calendar,
      filename: 'phone-3.ics',
      iCalString: phoneEvent('phone-3', 'Soundcheck'),
    });
    const pulled = await pull(server, before.checkpoint);
    const [event] = pulled.records.event;
    expect(event?.title).toEqual({ en: 'Soundcheck' });

    const [now] = await client.fetchCalendars();
    const pushed = await push(server, 'editor-replica', [
      {
        mutationId: 1,
        kind: 'event',
        op: 'update',
        uuid: event!.uuid,
        baseRev: event!.rev,
        fields: { title: { en: 'Soundcheck (band)' } },
      },
    ]);
    expect(pushed.results[0]?.status).toBe('applied');
    const delta = await client.syncCollection({
      url: calendar.url,
      props: { 'd:getetag': {} },
      syncLevel: 1,
      syncToken: String(now!.syncToken),
    });
    expect(delta.map((one) => one.href).filter(Boolean)).toEqual([
      expect.stringMatching(/\/phone-3\.ics$/),
    ]);
    const [object] = await client.fetchCalendarObjects({ calendar });
    expect(summaries([object!])).toEqual(['Soundcheck (band)']);
  });
});
