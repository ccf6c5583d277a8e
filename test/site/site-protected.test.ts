/**
 * Password-protected posts and the website sync: TEC hides a protected post's details (its lists
 * answer nulls for the flags, its single read refuses) unless the request gives the password.
 * A user who may edit the post is given the password by core and the sync reads the post with
 * it, password included; a user who may not (an author, others' posts) cannot read the post,
 * and the sync leaves it alone and goes on. A password set in Marquee protects the site's post.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { pull } from '../support/sync.ts';
import { connectedCalendar, type ConnectedCalendar } from '../support/site-sync.ts';
import { adminRequest, createTecEvent, mark, tecSite, whenUpcoming } from '../support/tec-site.ts';

const site = tecSite();

const calendars: ConnectedCalendar[] = [];
afterEach(async () => {
  for (const calendar of calendars.splice(0)) await calendar.close();
});

async function calendarAs(user: 'admin' | 'author1'): Promise<ConnectedCalendar> {
  const calendar = await connectedCalendar({ user });
  calendars.push(calendar);
  return calendar;
}

/** An event on the site, protected by `password` through core (TEC's bodies have none). */
async function protectedEvent(title: string, password: string): Promise<number> {
  const made = await createTecEvent({ title, ...whenUpcoming, featured: true, cost: '12' });
  const protectedNow = await adminRequest(`wp/v2/tribe_events/${made.id}`, { body: { password } });
  expect(protectedNow.status).toBe(200);
  return made.id;
}

async function sitePassword(id: number): Promise<unknown> {
  return (await adminRequest(`wp/v2/tribe_events/${id}?context=edit&_fields=password`)).body
    .password;
}

describe.skipIf(!site)('password-protected posts and the website sync', () => {
  it('brings a protected event in whole, with its password, as a user who may edit it', async () => {
    const title = `Members’ evening ${mark()}`;
    await protectedEvent(title, 'open sesame');
    const calendar = await calendarAs('admin');
    const event = (await pull(calendar)).records.event.find((row) => row.title.en === title);
    expect(event).toMatchObject({ password: 'open sesame', featured: true, allDay: false });
    expect(event?.cost).toBe('12');
    expect(await calendar.sync()).toMatchObject({ sent: 0, received: 0, conflicts: 0 });
  });

  it('leaves others’ protected events alone as an author, and syncs the rest', async () => {
    const tag = mark();
    await protectedEvent(`Hidden ${tag}`, 'not for authors');
    await createTecEvent({ title: `Open ${tag}`, ...whenUpcoming });
    const calendar = await calendarAs('author1');
    const titles = (await pull(calendar)).records.event.map((row) => row.title.en);
    expect(titles).toContain(`Open ${tag}`);
    expect(titles).not.toContain(`Hidden ${tag}`);
    expect(await calendar.sync()).toMatchObject({ sent: 0, conflicts: 0 });
  });

  it('protects the site’s event with a password set in Marquee, and lifts it again', async () => {
    const calendar = await calendarAs('admin');
    const title = `Rehearsal ${mark()}`;
    const made = await calendar.api('/events', {
      as: 'owner',
      json: { title, ...whenUpcoming, password: 'backstage' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(await calendar.sync()).toMatchObject({ sent: 1, conflicts: 0 });
    const log = (await calendar.request('/wp-json/marquee/v1/site/log?limit=50', { as: 'owner' }))
      .body as { name: string | null; remoteId: string | null }[];
    const siteId = Number(log.find((row) => row.name === title && row.remoteId)?.remoteId);
    expect(await sitePassword(siteId)).toBe('backstage');
    const refused = await adminRequest(`tribe/events/v1/events/${siteId}`);
    expect(refused.body.code).toBe('event-password-protected');
    expect(await calendar.sync()).toMatchObject({ sent: 0, received: 0 });

    const id = (made.body as { id: number }).id;
    const lifted = await calendar.api(`/events/${id}`, { as: 'owner', json: { password: '' } });
    expect(lifted.status).toBe(200);
    expect(await calendar.sync()).toMatchObject({ sent: 1, conflicts: 0 });
    expect(await sitePassword(siteId)).toBe('');
    expect((await adminRequest(`tribe/events/v1/events/${siteId}`)).status).toBe(200);
  });
});
