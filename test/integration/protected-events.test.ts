/**
 * A password-protected event shows visitors nothing of its text, flags or venue, on every road
 * they can take (WordPress leaves protected posts out of visitors' searches).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEvent, eventListOf, titles } from '../support/events.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { expectError } from '../support/venues.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

const secret = {
  title: 'Members Evening',
  description: 'The secret codeword is marmalade.',
  excerpt: 'Marmalade for members',
  start_date: '2026-12-01 20:00:00',
  end_date: '2026-12-01 23:00:00',
  all_day: false,
  featured: true,
  sticky: true,
  cost: '$5',
  website: 'https://members.example/',
  venue: { venue: 'Back Room', city: 'Lyon' },
  categories: ['Members'],
  image: 'https://img.example/members.jpg',
  password: 'open sesame',
};

describe('a password-protected event', () => {
  it('is redacted in lists for visitors, as TEC answers', async () => {
    await createEvent(server, secret);
    for (const query of ['', '?password=wrong', '?language=fr']) {
      const [listed] = eventListOf(await server.api(`/events${query}`)).events;
      expect(listed).toMatchObject({
        title: 'Members Evening',
        description: '',
        excerpt: '',
        cost: '',
        website: '',
        all_day: null,
        featured: null,
        sticky: null,
        hide_from_listings: null,
        show_map: null,
        venue: [],
        categories: [],
      });
      expect(JSON.stringify(listed)).not.toMatch(/marmalade|Back Room/i);
    }
    const unlocked = eventListOf(await server.api('/events?password=open%20sesame')).events[0];
    expect(unlocked?.description).toContain('marmalade');
    const [asEditor] = eventListOf(await server.api('/events', { as: 'editor' })).events;
    expect(asEditor?.description).toContain('marmalade');
  });

  it('is never found by a visitor’s search for its text', async () => {
    await createEvent(server, secret);
    await createEvent(server, {
      ...secret,
      title: 'Open Marmalade Fair',
      description: 'Jams for everyone.',
      excerpt: 'Jams',
      password: '',
    });
    expect(await titles(server, '?search=marmalade')).toEqual(['Open Marmalade Fair']);
    expect(await titles(server, '?search=codeword')).toEqual([]);
    // Its title is public (TEC lists it), but a search still leaves it out for visitors.
    expect(await titles(server, '?search=members')).toEqual([]);
    expect(await titles(server, '?search=marmalade', 'editor')).toEqual([
      'Members Evening',
      'Open Marmalade Fair',
    ]);
    const feed = await server.request('/wp-json/marquee/v1/ical?search=marmalade');
    expect(String(feed.body)).toContain('Open Marmalade Fair');
    expect(String(feed.body)).not.toContain('Members Evening');
  });

  it('never lets a visitor’s venue or organizer search match a protected one', async () => {
    for (const kind of ['venues', 'organizers'] as const) {
      const name = kind === 'venues' ? 'venue' : 'organizer';
      const make = (json: Record<string, unknown>) => server.api(`/${kind}`, { as: 'owner', json });
      await make({
        [name]: 'Hidden Cellar',
        description: 'Secret marmalade tasting',
        password: 'pw',
      });
      await make({ [name]: 'Open Hall', description: 'Marmalade for all' });
      const found = async (query: string, as: 'anonymous' | 'editor' = 'anonymous') => {
        const reply = await server.api(`/${kind}?search=${query}`, { as });
        return (
          (reply.body as Record<string, { [key: string]: string }[] | undefined>)[kind] ?? []
        ).map((record) => record[name]);
      };
      expect(await found('marmalade')).toEqual(['Open Hall']);
      expect(await found('cellar')).toEqual([]);
      expect((await found('marmalade', 'editor')).sort()).toEqual(['Hidden Cellar', 'Open Hall']);
    }
  });

  it('gives visitors no text by id, by slug or in the feed', async () => {
    const event = await createEvent(server, secret);
    expectError(await server.api(`/events/${event.id}`), 403, 'event-password-protected');
    expectError(
      await server.api('/events/by-slug/members-evening'),
      403,
      'event-password-protected',
    );
    const feed = String((await server.request('/wp-json/marquee/v1/ical')).body);
    expect(feed).toContain('SUMMARY:Members Evening');
    expect(feed).not.toMatch(/marmalade/i);
    // Nothing else the API keeps from visitors: its own website, venue, terms, image.
    expect(feed).not.toMatch(/members\.example|Back Room|^LOCATION|^CATEGORIES|^ATTACH/m);
    const forEditors = String(
      (await server.request('/wp-json/marquee/v1/ical', { as: 'editor' })).body,
    );
    expect(forEditors).toMatch(/^LOCATION:Back Room/m);
    expect(forEditors).toContain('URL:https://members.example/');
  });

  it('keeps exports, backups and sync for those who may edit it', async () => {
    await createEvent(server, secret);
    for (const path of [
      '/wp-json/marquee/v1/export?format=csv',
      '/wp-json/marquee/v1/export?format=json',
      '/wp-json/marquee/v1/sync/pull?since=0',
    ]) {
      const reply = await server.request(path);
      expect(reply.status, path).toBe(401);
      expect(JSON.stringify(reply.body)).not.toMatch(/marmalade/i);
    }
  });
});
