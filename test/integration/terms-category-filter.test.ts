/**
 * A category filter includes the events of the category's descendants (WordPress
 * `include_children`), by id or slug, in a list, in GET /events, the ICS feed and exports, in
 * the same number of SQL statements however deep the tree is.
 */
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, createEvent, eventListOf, titles } from '../support/events.ts';
import {
  OWNER_TOKEN,
  QUIET_PEERS,
  startTestServer,
  type TestServer,
} from '../support/test-server.ts';
import { createTerm } from '../support/terms.ts';
import type { TecTerm } from '#shared/tec/term.ts';

let server: TestServer;
let music: TecTerm;
let jazz: TecTerm;
let bebop: TecTerm;
let theatre: TecTerm;

const soon = (n: number) => ({ start_date: at(1, n), end_date: at(1, n + 1) });

function summaries(text: string): string[] {
  return new ICAL.Component(ICAL.parse(text) as unknown[])
    .getAllSubcomponents('vevent')
    .map((event) => String(event.getFirstPropertyValue('summary')));
}

beforeAll(async () => {
  server = await startTestServer(QUIET_PEERS);
  // Music > Jazz > Bebop, and Theatre beside them.
  music = await createTerm(server, 'categories', { name: 'Music' });
  jazz = await createTerm(server, 'categories', { name: 'Jazz', parent: music.id });
  bebop = await createTerm(server, 'categories', { name: 'Bebop', parent: jazz.id });
  theatre = await createTerm(server, 'categories', { name: 'Theatre' });
  await createEvent(server, { title: 'Symphony', categories: [music.id], ...soon(1) });
  await createEvent(server, { title: 'Big band', categories: [jazz.id], ...soon(2) });
  // In a category and its descendant: listed once.
  await createEvent(server, { title: 'Bird', categories: [jazz.id, bebop.id], ...soon(3) });
  await createEvent(server, { title: 'Hamlet', categories: [theatre.id], ...soon(4) });
  await createEvent(server, { title: 'Open day', ...soon(5) });
});
afterAll(() => server.close());

describe('categories=<parent> includes descendant categories', () => {
  it('GET /events: by id or slug, in a list, counting each event once', async () => {
    const all = ['Symphony', 'Big band', 'Bird'];
    expect(await titles(server, `?categories=${music.id}`)).toEqual(all);
    expect(await titles(server, '?categories=music')).toEqual(all);
    expect(await titles(server, '?categories=jazz')).toEqual(['Big band', 'Bird']);
    expect(await titles(server, `?categories=${bebop.id}`)).toEqual(['Bird']);
    expect(await titles(server, `?categories=jazz,${theatre.id}`)).toEqual([
      'Big band',
      'Bird',
      'Hamlet',
    ]);
    expect(await titles(server, '?categories[]=bebop&categories[]=theatre')).toEqual([
      'Bird',
      'Hamlet',
    ]);
    const page = eventListOf(await server.api('/events?categories=music'));
    expect(page.total).toBe(3);
    // The query is echoed as asked, not as expanded.
    expect(new URL(page.rest_url).searchParams.getAll('categories')).toEqual(['music']);
  });

  it('follows a category moved to another parent', async () => {
    const opera = await createTerm(server, 'categories', { name: 'Opera', parent: theatre.id });
    await createEvent(server, { title: 'Tosca', categories: [opera.id], ...soon(6) });
    expect(await titles(server, '?categories=theatre')).toEqual(['Hamlet', 'Tosca']);
    const moved = await server.api(`/categories/${opera.id}`, {
      as: 'owner',
      json: { parent: music.id },
    });
    expect(moved.status).toBe(200);
    expect(await titles(server, '?categories=theatre')).toEqual(['Hamlet']);
    expect(await titles(server, '?categories=music')).toEqual([
      'Symphony',
      'Big band',
      'Bird',
      'Tosca',
    ]);
    await server.api(`/categories/${opera.id}`, { method: 'DELETE', as: 'owner' });
  });

  it('and a month: follows events moved into and out of it, tags too', async () => {
    const cabaret = await createTerm(server, 'categories', { name: 'Cabaret' });
    const late = await createTerm(server, 'tags', { name: 'Late' });
    const inDecember = (day: number) => ({
      start_date: `2026-12-${day} 20:00:00`,
      end_date: `2026-12-${day} 22:00:00`,
    });
    const revue = await createEvent(server, {
      title: 'Revue',
      categories: [cabaret.id],
      tags: [late.id],
      ...inDecember(10),
    });
    const chanson = await createEvent(server, {
      title: 'Chanson',
      categories: [cabaret.id],
      start_date: '2027-01-05 20:00:00',
      end_date: '2027-01-05 22:00:00',
    });
    const december = 'start_date=2026-12-01&end_date=2026-12-31';
    const listed = (filter: string) => titles(server, `?${filter}&${december}`);
    expect(await listed('categories=cabaret')).toEqual(['Revue']);
    await server.api(`/events/${chanson.id}`, { as: 'owner', json: inDecember(3) });
    expect(await listed('categories=cabaret')).toEqual(['Chanson', 'Revue']);
    await server.api(`/events/${revue.id}`, {
      as: 'owner',
      json: { start_date: '2026-11-30 20:00:00', end_date: '2026-11-30 22:00:00' },
    });
    expect(await listed('categories=cabaret')).toEqual(['Chanson']);
    expect(await listed(`tags=${late.id}`)).toEqual([]);
    // Ending after the month leaves it too, as TEC's end_date does.
    await server.api(`/events/${chanson.id}`, {
      as: 'owner',
      json: { end_date: '2027-01-02 01:00:00' },
    });
    expect(await listed('categories=cabaret')).toEqual([]);
    await server.api(`/events/${revue.id}`, { as: 'owner', json: inDecember(12) });
    expect(await listed(`tags=${late.id}`)).toEqual(['Revue']);
  });

  it('the ICS feed and exports filter the same way', async () => {
    const feed = await fetch(`${server.url}/wp-json/marquee/v1/ical/categories/music`);
    expect(summaries(await feed.text())).toEqual(['Symphony', 'Big band', 'Bird']);
    const byQuery = await fetch(`${server.url}/wp-json/marquee/v1/ical?categories=${jazz.id}`);
    expect(summaries(await byQuery.text())).toEqual(['Big band', 'Bird']);
    const exported = await fetch(
      `${server.url}/wp-json/marquee/v1/export?format=ics&categories=jazz`,
      { headers: { authorization: `Bearer ${OWNER_TOKEN}` } },
    );
    expect(summaries(await exported.text())).toEqual(['Big band', 'Bird']);
    const csv = await fetch(`${server.url}/wp-json/marquee/v1/export?format=csv&categories=music`, {
      headers: { authorization: `Bearer ${OWNER_TOKEN}` },
    });
    const text = await csv.text();
    expect(['Symphony', 'Big band', 'Bird'].every((title) => text.includes(title))).toBe(true);
    expect(text).not.toContain('Hamlet');
  });

  it('costs no statement per category, however deep or wide the tree', async () => {
    let parent = bebop.id;
    for (let depth = 0; depth < 6; depth += 1) {
      parent = (await createTerm(server, 'categories', { name: `Deep ${depth}`, parent })).id;
      await createTerm(server, 'categories', { name: `Wide ${depth}`, parent: music.id });
    }
    await createEvent(server, { title: 'Deepest', categories: [parent], ...soon(7) });
    let writes = 0;
    const measure = async (categories: string) => {
      // A write first, so nothing remembered from the last request (term counts) is reused.
      writes += 1;
      await createTerm(server, 'tags', { name: `tick ${writes}` });
      // The write moved the generation: the response cache has nothing for it.
      const before = server.statementCount();
      const reply = await server.api(`/events?categories=${categories}`, { as: 'editor' });
      expect(reply.status).toBe(200);
      return server.statementCount() - before;
    };
    // Each list asked three times, the fewest counted: one asked again after a change keeps its
    // selection (list-selections.ts) and from then on checks at each change what it touched;
    // its first ask counts and reads a page instead. The fewest, not the last: a statement of
    // the server's own timers (a checkpoint, a publication's catch-up) may fall inside an ask,
    // and only ever adds (a CI run counted 13 for one list and 14 for its twin).
    const statements = async (categories: string) =>
      Math.min(await measure(categories), await measure(categories), await measure(categories));
    // Slugs are looked up one by one (as before), so compare ids with ids and a slug with a slug.
    const leaf = await statements(String(parent));
    expect(await statements(String(music.id))).toBe(leaf);
    expect(await statements(`${music.id},${theatre.id},${jazz.id},${bebop.id}`)).toBe(leaf);
    expect(await statements('music')).toBe(await statements('deep-5'));
  });
});
