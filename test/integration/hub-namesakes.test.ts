/**
 * Terms made on both sides before they met: a category "Jazz" made on a laptop and on the hub
 * (each a record of its own, under its own uuid) are one category once the laptop joins, as
 * WordPress holds one term per name and parent. The laptop's is folded into the hub's: every
 * event naming it names the hub's, on both sides, and nothing is refused.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, expect, it } from 'vitest';
import {
  connect,
  contents,
  hubSync,
  startNode,
  stopAll,
  tokenOn,
  type Node,
} from '../support/hub-cluster.ts';

afterEach(stopAll, 30_000);

const MANUAL = { env: { MARQUEE_HUB_POLL_SECONDS: '0' } };

async function jazzNight(node: Node, title: string): Promise<{ category: string; event: string }> {
  const category = randomUUID();
  const event = randomUUID();
  await node.edit([
    { kind: 'category', op: 'create', uuid: category, fields: { name: { en: 'Jazz' } } },
    {
      kind: 'event',
      op: 'create',
      uuid: event,
      fields: {
        title: { en: title },
        start: '2027-04-10 19:30:00',
        end: '2027-04-10 21:00:00',
        timezone: 'Europe/Berlin',
        status: 'publish',
        categoryUuids: [category],
      },
    },
  ]);
  return { category, event };
}

it('keeps one category of a name made on the laptop and on the hub, its events on both', async () => {
  const hub = await startNode('hub', MANUAL);
  const anna = await startNode('anna', MANUAL);
  const onHub = await jazzNight(hub, 'Hub’s jazz night');
  const onAnna = await jazzNight(anna, 'Anna’s jazz night');
  await connect(anna, hub, (await tokenOn(hub, 'Laptop Anna')).token);
  await hubSync(anna);

  const [held, mine] = await Promise.all([contents(hub), contents(anna)]);
  expect(mine).toEqual(held);
  expect(Object.keys(held.category ?? {})).toEqual([onHub.category]);
  for (const event of [onHub.event, onAnna.event])
    expect(held.event?.[event]?.categoryUuids).toEqual([onHub.category]);
  const log = (await anna.api('marquee/v1/hub/log')).body as unknown as { action: string }[];
  expect(log.filter((entry) => entry.action === 'refused')).toEqual([]);
});
