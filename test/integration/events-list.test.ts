/** GET /events: paging, the default window and date filters. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { at, createEvent, eventListOf, titles } from '../support/events.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { expectError } from '../support/venues.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

async function weekly(count: number, hours = 2): Promise<void> {
  for (let week = 1; week <= count; week += 1) {
    await createEvent(server, {
      title: `Week ${week}`,
      start_date: at(week * 7),
      end_date: at(week * 7, hours),
    });
  }
}

describe('paging', () => {
  it('answers no events with zero totals and no links', async () => {
    const reply = await server.api('/events');
    expect(reply.headers.get('x-tec-total')).toBe('0');
    expect(reply.headers.get('x-tec-totalpages')).toBe('0');
    const page = eventListOf(reply);
    expect(page).toMatchObject({ events: [], total: 0, total_pages: 0 });
    expect(page).not.toHaveProperty('next_rest_url');
  });

  it('pages by 10 by default, caps per_page at 50, and links pages like TEC', async () => {
    for (let n = 0; n < 51; n += 1) {
      await createEvent(server, { title: `E${n}`, start_date: at(1, n), end_date: at(1, n + 1) });
    }
    expect(eventListOf(await server.api('/events')).events).toHaveLength(10);
    expect(eventListOf(await server.api('/events?per_page=100')).events).toHaveLength(50);
    const first = eventListOf(await server.api('/events?per_page=20'));
    expect(first).toMatchObject({ total: 51, total_pages: 3 });
    expect(first.next_rest_url).toContain('per_page=20&');
    expect(first.next_rest_url).toMatch(/&page=2$/);
    const second = eventListOf(await server.api('/events?per_page=20&page=2'));
    expect(second.previous_rest_url).not.toMatch(/[?&]page=/);
    expect(second.previous_rest_url).toContain('per_page=20');
    const third = eventListOf(await server.api('/events?per_page=20&page=3'));
    expect(third.previous_rest_url).toContain('page=2');
    expect(third).not.toHaveProperty('next_rest_url');
    expectError(
      await server.api('/events?per_page=20&page=4'),
      404,
      'event-archive-page-not-found',
    );
  });

  it('counts again after any change: a remembered total never outlives its change sequence', async () => {
    await weekly(3);
    const total = async (as: 'owner' | 'anonymous', query = '') =>
      eventListOf(await server.api(`/events?per_page=2${query}`, { as })).total;
    // Uncached (a token), twice and on another page: the same total.
    expect(await total('owner')).toBe(3);
    expect(await total('owner', '&page=2')).toBe(3);
    await createEvent(server, { title: 'Week 4', start_date: at(28), end_date: at(28, 2) });
    expect(await total('owner')).toBe(4);
    expect(await total('anonymous', '&page=2')).toBe(4);
    const listed = eventListOf(await server.api('/events?per_page=10', { as: 'owner' }));
    await server.api(`/events/${listed.events[0]!.id}`, { as: 'owner', method: 'DELETE' });
    expect(await total('owner')).toBe(3);
    // A draft counts for the owner, not for visitors: the caller is part of what is counted.
    await createEvent(server, {
      title: 'Draft',
      start_date: at(30),
      end_date: at(30, 1),
      status: 'draft',
    });
    expect(await total('owner')).toBe(4);
    expect(await total('anonymous')).toBe(3);
  });

  it.each(['foo', '-1', '0', 'foo bar'])('refuses page or per_page = %s', async (value) => {
    expectError(
      await server.api(`/events?page=${encodeURIComponent(value)}`),
      400,
      'rest_invalid_param',
    );
    expectError(
      await server.api(`/events?per_page=${encodeURIComponent(value)}`),
      400,
      'rest_invalid_param',
    );
  });

  it('orders by start date, then id', async () => {
    await createEvent(server, { title: 'Later', start_date: at(3), end_date: at(3, 1) });
    await createEvent(server, { title: 'Same B', start_date: at(2), end_date: at(2, 1) });
    await createEvent(server, { title: 'Same C', start_date: at(2), end_date: at(2, 5) });
    await createEvent(server, { title: 'Earlier', start_date: at(1), end_date: at(1, 1) });
    expect(await titles(server, '')).toEqual(['Earlier', 'Same B', 'Same C', 'Later']);
  });
});

describe('dates', () => {
  it('lists from the start of yesterday to the end of the day 24 months ahead by default', async () => {
    await createEvent(server, {
      title: 'Two days ago',
      start_date: '2026-11-18 20:00:00',
      end_date: '2026-11-18 21:00:00',
    });
    await createEvent(server, {
      title: 'Yesterday morning',
      start_date: '2026-11-19 08:00:00',
      end_date: '2026-11-19 09:00:00',
    });
    await createEvent(server, {
      title: 'In 24 months',
      start_date: '2028-11-20 12:00:00',
      end_date: '2028-11-20 13:00:00',
    });
    await createEvent(server, {
      title: 'Too far',
      start_date: '2028-11-21 10:00:00',
      end_date: '2028-11-21 11:00:00',
    });
    expect(await titles(server, '')).toEqual(['Yesterday morning', 'In 24 months']);
    const page = eventListOf(await server.api('/events'));
    expect(page.rest_url).toContain('start_date=2026-11-19 00:00:00&end_date=2028-11-20 23:59:59');
  });

  it('takes whole days for start_date and end_date (TEC 11, 12)', async () => {
    await weekly(10);
    const fiveWeeks = Math.floor(Date.parse(`${at(35, 3).replace(' ', 'T')}Z`) / 1000);
    expect(await titles(server, `?start_date=${fiveWeeks}`)).toHaveLength(6);
    expect(
      await titles(
        server,
        `?start_date=${encodeURIComponent(at(0))}&end_date=${encodeURIComponent(at(35, 2))}`,
      ),
    ).toHaveLength(5);
  });

  it('reads relative and natural-language dates (TEC 15)', async () => {
    await weekly(6);
    expect(await titles(server, '?start_date=%2B10%20days&end_date=%2B30%20days')).toEqual([
      'Week 2',
      'Week 3',
      'Week 4',
    ]);
    expect(await titles(server, '?start_date=now&end_date=next%20month')).toHaveLength(4);
  });

  it.each(['start_date=foo', 'end_date=2026-13-45', 'starts_after=tomorrow%20o%27clock'])(
    'refuses %s',
    async (query) => {
      expectError(await server.api(`/events?${query}`), 400, 'rest_invalid_param');
    },
  );

  it('applies exact times only with strict_dates, read in the calendar’s zone (TEC 85)', async () => {
    await server.close();
    server = await startTestServer({ overrides: { timezone: 'Europe/Berlin' } });
    await createEvent(server, {
      title: 'Four',
      start_date: '2026-11-25 16:00:00',
      end_date: '2026-11-25 17:00:00',
    });
    await createEvent(server, {
      title: 'Eight',
      start_date: '2026-11-25 20:00:00',
      end_date: '2026-11-25 21:00:00',
    });
    const window = `start_date=${encodeURIComponent('2026-11-25 15:00:00')}&end_date=${encodeURIComponent('2026-11-25 18:00:00')}`;
    expect(await titles(server, `?${window}`)).toEqual(['Four', 'Eight']);
    expect(await titles(server, `?${window}&strict_dates=true`)).toEqual(['Four']);
    expectError(await server.api(`/events?${window}&strict_dates=`), 400, 'rest_invalid_param');
    expectError(await server.api(`/events?${window}&strict_dates=0`), 400, 'rest_invalid_param');
    const page = eventListOf(await server.api(`/events?${window}`));
    expect(page.rest_url).toContain('start_date=2026-11-25 00:00:00&end_date=2026-11-25 23:59:59');
  });

  it('drops the default window when a relative bound is given', async () => {
    await createEvent(server, {
      title: 'Last year',
      start_date: '2025-06-01 10:00:00',
      end_date: '2025-06-01 12:00:00',
    });
    await createEvent(server, { title: 'Next week', start_date: at(7), end_date: at(7, 2) });
    await createEvent(server, { title: 'In a month', start_date: at(30), end_date: at(30, 2) });
    expect(await titles(server, '?starts_before=2026-12-01')).toEqual(['Last year', 'Next week']);
    expect(await titles(server, '?starts_after=2026-11-27')).toEqual(['In a month']);
    expect(await titles(server, '?ends_before=2026-01-01')).toEqual(['Last year']);
    expect(await titles(server, '?ends_after=2025-06-01&starts_before=2026-11-30')).toEqual([
      'Next week',
    ]);
    const page = eventListOf(await server.api('/events?starts_before=2026-12-01'));
    expect(page.rest_url).not.toContain('start_date=');
    expect(page.rest_url).toContain('starts_before=2026-12-01 23:59:59');
  });
});
