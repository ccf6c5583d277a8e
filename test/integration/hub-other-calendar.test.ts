/**
 * A hub's address that now serves another calendar (another data folder started on its port,
 * with the same admin token), with real servers: the laptop's pass is refused before anything
 * is exchanged, neither calendar takes anything of the other, and the laptop says so until its
 * user connects to the new calendar on purpose, which then joins it as a new hub.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import {
  ADMIN,
  connect,
  contents,
  hubSync,
  kill,
  startNode,
  stopAll,
  type Node,
} from '../support/hub-cluster.ts';

afterEach(stopAll, 30_000);

const MANUAL = { MARQUEE_HUB_POLL_SECONDS: '0' };

const event = (uuid: string, title: string) => ({
  kind: 'event',
  op: 'create',
  uuid,
  fields: {
    title: { en: title },
    start: '2027-03-01 19:00:00',
    end: '2027-03-01 21:00:00',
    timezone: 'Europe/Berlin',
  },
});

async function freePort(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return String(port);
}

const eventTitles = async (node: Node) =>
  Object.values((await contents(node)).event!)
    .map((record) => (record.title as { en: string }).en)
    .sort();

it(
  'is refused before anything is exchanged, until the user joins it',
  { timeout: 90_000 },
  async () => {
    const port = await freePort();
    const first = await startNode('hub-first', { env: MANUAL, port });
    const anna = await startNode('anna', { env: MANUAL });
    await anna.edit([event(randomUUID(), 'Choir')]);
    await connect(anna, first, ADMIN);
    expect(await eventTitles(first)).toEqual(['Choir']);

    await kill(first);
    const second = await startNode('hub-second', { env: MANUAL, port });
    await second.edit([event(randomUUID(), 'Film club')]);
    await anna.edit([event(randomUUID(), 'Quiz')]);

    const refused = await anna.api('marquee/v1/hub/sync', { json: {} });
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.code).toBe('marquee_hub_other_calendar');
    expect(refused.body.message).toMatch(
      /another calendar.*nothing was exchanged.*connect to it again/,
    );
    expect((await anna.api('marquee/v1/hub')).body).toMatchObject({
      state: 'other-calendar',
      pending: 1,
    });
    expect(await eventTitles(anna)).toEqual(['Choir', 'Quiz']);
    expect(await eventTitles(second)).toEqual(['Film club']);

    // Joined on purpose: a new hub, both calendars' events on both sides.
    await connect(anna, second, ADMIN);
    await hubSync(anna);
    expect(await eventTitles(second)).toEqual(['Choir', 'Film club', 'Quiz']);
    expect(await eventTitles(anna)).toEqual(['Choir', 'Film club', 'Quiz']);
    expect((await anna.api('marquee/v1/hub')).body).toMatchObject({ state: 'up-to-date' });
  },
);
