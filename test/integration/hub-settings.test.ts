/**
 * The calendar's own settings travel through the hub, with real servers (a hub and two laptops,
 * each its own `marquee serve` process): a hub nobody set up takes the first laptop's zone,
 * language and currency, and its welcome is done; a laptop nobody set up takes the hub's; a
 * later change on one laptop reaches the other. What is each machine's own stays there.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Settings } from '#shared/schemas/settings.ts';
import { readEvents } from '#shared/sync/server-events.ts';
import {
  ADMIN,
  connect,
  hubSync,
  startNode,
  stopAll,
  tokenOn,
  type Node,
} from '../support/hub-cluster.ts';

// Several servers a test, each its own process: more than the project's 30 s on a busy machine.
afterEach(stopAll, 30_000);

/** A calendar nobody has set up: no zone flag, its welcome still due. */
const FRESH = { env: { MARQUEE_HUB_POLL_SECONDS: '0' }, timezone: null };

/** The settings the editor reads; `confirmed` false is its welcome showing. */
async function settingsOf(node: Node): Promise<Settings> {
  const reply = await node.api('marquee/v1/settings');
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.settings as Settings;
}

async function change(node: Node, patch: Partial<Settings>): Promise<void> {
  const reply = await node.api('marquee/v1/settings', { method: 'PUT', json: patch });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
}

const EUROS = { symbol: ' €', position: 'postfix', code: 'EUR' } as const;

describe("the calendar's settings", { timeout: 60_000 }, () => {
  it('go from the first laptop to a hub never set up, then to a new laptop, and follow changes', async () => {
    const hub = await startNode('hub', FRESH);
    const anna = await startNode('anna', FRESH);
    const ben = await startNode('ben', FRESH);
    expect(await settingsOf(hub)).toMatchObject({ confirmed: false });
    // Anna's welcome, as the editor saves it; her machine answers to a name of its own.
    await change(anna, {
      timezone: 'Europe/Berlin',
      defaultLanguage: 'de',
      currency: EUROS,
      confirmed: true,
    });
    await change(anna, { allowedHosts: ['anna.example'] });
    await connect(anna, hub, (await tokenOn(hub, 'Laptop Anna')).token);
    const calendar = {
      timezone: 'Europe/Berlin',
      defaultLanguage: 'de',
      currency: EUROS,
      confirmed: true,
    };
    expect(await settingsOf(hub)).toMatchObject({ ...calendar, allowedHosts: [] });

    // Ben never did his welcome: the hub's calendar is his, and the welcome is done.
    expect(await settingsOf(ben)).toMatchObject({ confirmed: false });
    await connect(ben, hub, (await tokenOn(hub, 'Laptop Ben')).token);
    expect(await settingsOf(ben)).toMatchObject({ ...calendar, allowedHosts: [] });

    // Anna moves the calendar to Vienna and to Swiss francs: the hub and Ben follow.
    const moved: Partial<Settings> = {
      timezone: 'Europe/Vienna',
      currency: { symbol: 'CHF', position: 'prefix', code: 'CHF' },
    };
    await change(anna, moved);
    await hubSync(anna);
    await hubSync(ben);
    for (const node of [hub, ben])
      expect(await settingsOf(node), node.name).toMatchObject({ ...calendar, ...moved });
    expect(await settingsOf(anna)).toMatchObject({ allowedHosts: ['anna.example'] });

    // Ben's later change goes back the other way; the log says so.
    await change(ben, { defaultLanguage: 'fr' });
    await hubSync(ben);
    await hubSync(anna);
    expect(await settingsOf(anna)).toMatchObject({ ...moved, defaultLanguage: 'fr' });
    const log = (await anna.api('marquee/v1/hub/log?limit=20')).body as unknown as {
      action: string;
      note: string | null;
    }[];
    expect(log.map(({ action, note }) => ({ action, note })).slice(0, 2)).toContainEqual({
      action: 'received',
      note: 'the calendar’s settings: time zone, language, currency, public pages',
    });
  });

  it("poke the hub's laptops when they change there, as a record's change does", async () => {
    const hub = await startNode('hub', FRESH);
    const abort = new AbortController();
    const stream = await fetch(`${hub.url}/wp-json/marquee/v1/sync/stream`, {
      headers: { authorization: `Bearer ${ADMIN}`, accept: 'text/event-stream' },
      signal: abort.signal,
    });
    const events = readEvents(stream.body!, abort.signal);
    expect((await events.next()).value).toMatchObject({ type: 'hello' });
    // A laptop's settings offered to the hub: no record changes, the other laptops must hear.
    const offered = await hub.api('marquee/v1/sync/settings', {
      method: 'PUT',
      json: {
        settings: { timezone: 'Europe/Berlin', defaultLanguage: 'de', currency: EUROS },
        set: true,
        changed: new Date().toISOString(),
      },
    });
    expect(offered.body).toMatchObject({ set: true, settings: { timezone: 'Europe/Berlin' } });
    expect((await events.next()).value).toMatchObject({ type: 'change' });
    abort.abort();
  });
});
