/**
 * How the website sync behaves by itself: a change made in Marquee reaches the site
 * within 10 s with nothing asked; the site holds one language and the other translations stay
 * in Marquee, untouched by what comes back; a series is published as its occurrences, and an
 * occurrence edited on the site comes back as that occurrence's exception.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { pull } from '../support/sync.ts';
import { connectedCalendar, type ConnectedCalendar } from '../support/site-sync.ts';
import { adminRequest, mark, tecIds, tecSite, type Json } from '../support/tec-site.ts';

const site = tecSite();

let calendar: ConnectedCalendar | undefined;
afterEach(async () => {
  await calendar?.close();
  calendar = undefined;
});

const ALL = 'start_date=1900-01-01&end_date=2200-12-31&status=publish,future,draft,pending,private';

async function idsOnSite(tag: string): Promise<number[]> {
  return tecIds(`${ALL}&search=${encodeURIComponent(tag)}`);
}

describe.skipIf(!site)('the website sync by itself', () => {
  it('sends a change made in Marquee to the site within 10 s, unasked', async () => {
    calendar = await connectedCalendar({ sitePollSeconds: 60 });
    const title = `By itself ${mark()}`;
    const begun = Date.now();
    await calendar.api('/events', {
      as: 'owner',
      json: { title, start_date: '2027-08-20 20:00:00', end_date: '2027-08-20 21:00:00' },
    });
    let ids: number[] = [];
    while (ids.length === 0 && Date.now() - begun < 10_000) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      ids = await idsOnSite(title);
    }
    expect(ids).toHaveLength(1);
    expect(Date.now() - begun).toBeLessThan(10_000);
  });

  it('keeps the site to one language, and the other translations out of its reach', async () => {
    calendar = await connectedCalendar();
    const tag = mark();
    const made = await calendar.api('/events?language=en', {
      as: 'owner',
      json: {
        title: `Concert ${tag}`,
        description: 'In English',
        start_date: '2027-08-21 20:00:00',
        end_date: '2027-08-21 21:00:00',
      },
    });
    const id = (made.body as Json).id as number;
    await calendar.api(`/events/${id}?language=fr`, {
      as: 'owner',
      json: { title: `Concert en français ${tag}`, description: 'En français' },
    });
    await calendar.sync();
    const [siteId] = await idsOnSite(`Concert ${tag}`);
    const raw = (await adminRequest(`wp/v2/tribe_events/${siteId}?context=edit`)).body;
    expect([(raw.title as Json).raw, (raw.content as Json).raw]).toEqual([
      `Concert ${tag}`,
      'In English',
    ]);
    await adminRequest(`wp/v2/tribe_events/${siteId}`, {
      body: { title: `Concert ${tag} (changed)`, content: 'Changed on the site' },
    });
    expect(await calendar.sync()).toMatchObject({ received: 1, conflicts: 0 });
    const record = (await pull(calendar)).records.event.find((event) => event.id === id)!;
    expect(record.title).toEqual({
      en: `Concert ${tag} (changed)`,
      fr: `Concert en français ${tag}`,
    });
    expect(record.description).toEqual({ en: 'Changed on the site', fr: 'En français' });
  });

  it('publishes a series as its occurrences, and takes an occurrence edited there as its exception', async () => {
    calendar = await connectedCalendar();
    const tag = mark();
    const made = await calendar.api('/events', {
      as: 'owner',
      json: {
        title: `Weekly ${tag}`,
        start_date: '2027-09-03 20:00:00',
        end_date: '2027-09-03 22:00:00',
        recurrence: { rrule: 'FREQ=WEEKLY;COUNT=3' },
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    await calendar.sync();
    const ids = await idsOnSite(`Weekly ${tag}`);
    expect(ids).toHaveLength(3);
    const second = (await adminRequest(`tribe/events/v1/events/${ids[1]}`)).body;
    await adminRequest(`tribe/events/v1/events/${ids[1]}`, {
      body: {
        title: `Weekly ${tag} (moved)`,
        start_date: String(second.start_date).replace('20:00:00', '21:00:00'),
        end_date: second.end_date,
      },
    });
    expect(await calendar.sync()).toMatchObject({ received: 1, conflicts: 0 });
    const events = (await pull(calendar)).records.event.filter((event) =>
      event.title.en?.startsWith(`Weekly ${tag}`),
    );
    const moved = events.find((event) => event.title.en === `Weekly ${tag} (moved)`);
    expect(moved?.recurrenceId).toBeTruthy();
    expect(moved?.start.endsWith('21:00:00')).toBe(true);
    // The rule and the other occurrences are as they were; nothing new on the site.
    expect(events.filter((event) => event.recurrence)).toHaveLength(1);
    expect(await idsOnSite(`Weekly ${tag}`)).toHaveLength(3);
    expect(await calendar.sync()).toMatchObject({ sent: 0, received: 0, conflicts: 0 });
  });
});
