/**
 * A hub's texts carry the rule of the role that wrote them: an author on a laptop has their
 * markup cleaned there, as it is written, so what the laptop relays to the hub (as an editor,
 * the replica protocol's least role) holds no script; an editor's markup arrives as written.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  connect,
  contents,
  hubSync,
  startNode,
  stopAll,
  tokenOn,
  type Json,
} from '../support/hub-cluster.ts';

// Two servers a test, each its own process: more than the project's 30 s on a busy machine.
afterEach(stopAll, 30_000);

const MANUAL = { env: { MARQUEE_HUB_POLL_SECONDS: '0' } };
const XSS = 'XSS <img src=x onerror=alert(1)><script>alert(2)</script>';

describe('the hub and who may write HTML', { timeout: 60_000 }, () => {
  it('gets an author’s texts cleaned on the laptop, an editor’s as written', async () => {
    const hub = await startNode('hub', MANUAL);
    const laptop = await startNode('laptop', MANUAL);
    await connect(laptop, hub, (await tokenOn(hub, 'Laptop')).token);
    const made = await laptop.api('marquee/v1/tokens', { json: { name: 'Anna', role: 'author' } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const write = async (token: string | undefined, title: string) => {
      const reply = await laptop.api('tribe/events/v1/events', {
        json: {
          title,
          description: XSS,
          start_date: '2027-03-01 20:00:00',
          end_date: '2027-03-01 22:00:00',
        },
        ...(token ? { token } : {}),
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    };
    await write(made.body.token as string, 'By the author');
    await write(undefined, 'By the owner');
    expect(await hubSync(laptop)).toMatchObject({ sent: 2 });
    const events = Object.values((await contents(hub)).event!);
    const byTitle = (title: string) =>
      events.find((event) => (event.title as Json).en === title)?.description;
    expect(byTitle('By the author')).toEqual({ en: 'XSS <img src="x" />alert(2)' });
    expect(byTitle('By the owner')).toEqual({ en: XSS });
  });
});
