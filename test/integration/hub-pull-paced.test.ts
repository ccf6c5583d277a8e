/**
 * A laptop pulling a large change from its hub keeps answering: the pull writes a page of the
 * hub's records a few at a time and hands the thread back between them, so a read that arrives
 * while a page is written is answered with part of that page written, not after the page.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, expect, it } from 'vitest';
import { connect, hubSync, startNode, stopAll, tokenOn } from '../support/hub-cluster.ts';

afterEach(stopAll, 30_000);

const MANUAL = { MARQUEE_HUB_POLL_SECONDS: '0' };

/** The pull's page: the hub answers its records 1,000 at a time. */
const PAGE = 1000;

it('answers reads while a page of the hub’s records is written', { timeout: 90_000 }, async () => {
  const hub = await startNode('hub', { env: MANUAL });
  const anna = await startNode('anna', { env: MANUAL });
  await connect(anna, hub, (await tokenOn(hub, 'Anna')).token);
  await hubSync(anna);
  const count = 3 * PAGE;
  for (let start = 0; start < count; start += 500)
    await hub.edit(
      Array.from({ length: 500 }, (_, n) => ({
        kind: 'event',
        op: 'create',
        uuid: randomUUID(),
        fields: {
          title: { en: `Night ${start + n}` },
          start: '2027-03-01 20:00:00',
          end: '2027-03-01 22:00:00',
          timezone: 'Europe/Berlin',
        },
      })),
    );

  let pulled = false;
  const pulling = hubSync(anna).finally(() => (pulled = true));
  // How many events the laptop lists at each answer during the pull.
  const seen: number[] = [];
  while (!pulled) {
    const reply = await anna.api('tribe/events/v1/events?per_page=1');
    seen.push(Number(reply.body.total));
  }
  expect(await pulling).toMatchObject({ received: count, conflicts: 0 });
  // Answered only between pages, every count would be a whole number of pages.
  const midPage = seen.filter((total) => total % PAGE !== 0);
  expect(midPage.length, `counts seen: ${seen.join(', ')}`).toBeGreaterThan(0);
});
