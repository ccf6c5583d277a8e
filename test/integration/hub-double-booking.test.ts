/**
 * A laptop's pull from its hub is never refused by a strict venue (the hub holds the event
 * already): the double booking lands and is said in the laptop's hub log. Real servers.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { connect, hubSync, startNode, stopAll, tokenOn } from '../support/hub-cluster.ts';

afterEach(stopAll, 30_000);

const TEC = 'tribe/events/v1';

describe('a double booking from the hub', { timeout: 60_000 }, () => {
  it('is pulled all the same, and said in the log', async () => {
    const hub = await startNode('hub', { env: { MARQUEE_HUB_POLL_SECONDS: '0' } });
    const anna = await startNode('anna', { env: { MARQUEE_HUB_POLL_SECONDS: '0' } });
    const hall = await hub.api(`${TEC}/venues`, {
      json: { venue: 'Main Hall', marquee_booking: 'strict' },
    });
    expect(hall.status, JSON.stringify(hall.body)).toBe(201);
    const event = (title: string, start: string) => ({
      title,
      start_date: `2026-12-10 ${start}`,
      end_date: '2026-12-10 21:00:00',
      venue: hall.body.id,
    });
    expect((await hub.api(`${TEC}/events`, { json: event('Choir', '19:00:00') })).status).toBe(201);
    await connect(anna, hub, (await tokenOn(hub, 'Laptop Anna')).token);
    // On the hub, the admin books the hall anyway.
    const anyway = await hub.api(`${TEC}/events?marquee_book_anyway=1`, {
      json: event('Quiz', '20:00:00'),
    });
    expect(anyway.status, JSON.stringify(anyway.body)).toBe(201);
    await hubSync(anna);
    const listed = await anna.api(`${TEC}/events?start_date=2026-12-10&end_date=2026-12-11`);
    const titles = (listed.body.events as { title: string }[]).map((one) => one.title).sort();
    expect(titles).toEqual(['Choir', 'Quiz']);
    const log = (await anna.api('marquee/v1/hub/log?limit=100')).body as unknown as {
      action: string;
      note: string | null;
    }[];
    expect(log.filter((entry) => entry.action === 'refused')).toEqual([]);
    expect(log.find((entry) => entry.action === 'doubleBooked')?.note).toContain(
      'Double booking: its venue is also booked 2026-12-10 19:00–2026-12-10 21:00 by Choir',
    );
  });
});
