/**
 * Faults the comparison with the real TEC site (npm run compare:tec) found, each measured on
 * TEC 6.17.2 and fixed: what a TEC client sees of an event's website, of a term named again, of a
 * protected event's structured data, and of a wrong application password.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../support/events.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    overrides: { publicUrls: { event: 'https://venue.example/events/{slug}/' } },
  });
});
afterAll(() => server.close());

const basics = { start_date: '2026-12-01 20:00:00', end_date: '2026-12-01 23:00:00' };

describe('an empty website on create, as TEC stores it', () => {
  it('stores none: the event shows its public page, in its answer and in lists', async () => {
    const event = await createEvent(server, { ...basics, title: 'Blank site', website: '' });
    const page = 'https://venue.example/events/blank-site/';
    expect(event.website).toBe(page);
    const listed = (await server.api('/events?search=Blank')).body as {
      events: { website: string }[];
    };
    expect(listed.events.map((one) => one.website)).toEqual([page]);
    // An update that empties it stores "" (TEC does too): no public page any more.
    const updated = await server.api(`/events/${event.id}`, {
      as: 'owner',
      json: { website: '' },
    });
    expect((updated.body as { website: string }).website).toBe('');
  });
});

describe('a wrong application password, as WordPress answers it', () => {
  const basic = (user: string, token: string) => ({
    authorization: `Basic ${Buffer.from(`${user}:${token}`).toString('base64')}`,
  });
  const errorOf = async (headers: Record<string, string>) => {
    const reply = await server.api('/events', { headers });
    return { status: reply.status, ...(reply.body as { code: string; message: string }) };
  };

  it('is incorrect_password for a user that exists, invalid_username for one that does not', async () => {
    expect(await errorOf(basic('Editor Token', 'wrong'))).toMatchObject({
      status: 401,
      code: 'incorrect_password',
      message: 'The provided password is an invalid application password.',
    });
    expect(await errorOf(basic('nobody', 'wrong'))).toMatchObject({
      status: 401,
      code: 'invalid_username',
      message: 'Unknown username. Check again or try your email address.',
    });
    // Another user's password: WordPress checks it against the login named, so it is wrong.
    const other = await errorOf(basic('Editor Token', server.tokens.author));
    expect(other).toMatchObject({ status: 401, code: 'incorrect_password' });
    expect(other.message).toMatch(/the access token’s name \("author token"\)/);
    // A login in other letters is the same login, beyond ASCII too.
    const created = await server.request('/wp-json/marquee/v1/tokens', {
      as: 'owner',
      json: { name: 'Élise', role: 'editor' },
    });
    expect(created.status).toBe(201);
    expect(await errorOf(basic('éLISE', 'wrong'))).toMatchObject({ code: 'incorrect_password' });
    // A bearer token is Marquee's own door, with its own code.
    expect(await errorOf({ authorization: 'Bearer wrong' })).toMatchObject({
      status: 401,
      code: 'marquee_invalid_token',
    });
  });
});

describe('a password-protected event’s structured data, as TEC leaves it out', () => {
  it('has no json_ld, even read with its password or by an editor', async () => {
    const open = await createEvent(server, { ...basics, title: 'Open night' });
    const read = async (path: string, as?: 'owner') =>
      (await server.api(path, as ? { as } : {})).body as { json_ld?: unknown };
    expect((await read(`/events/${open.id}`)).json_ld).toBeDefined();
    const secret = await createEvent(server, { ...basics, title: 'Locked', password: 'pw' });
    expect(await read(`/events/${secret.id}?password=pw`)).not.toHaveProperty('json_ld');
    expect(await read(`/events/${secret.id}`, 'owner')).not.toHaveProperty('json_ld');
  });
});

describe('a term named again, as WordPress refuses it', () => {
  it('names the term that has the name in data.term_id and in additional_data', async () => {
    for (const taxonomy of ['categories', 'tags']) {
      const first = await server.api(`/${taxonomy}`, { as: 'owner', json: { name: 'Twice' } });
      const { id } = first.body as { id: number };
      const again = await server.api(`/${taxonomy}`, { as: 'owner', json: { name: 'twice' } });
      expect(again.status).toBe(400);
      expect(again.body).toMatchObject({
        code: 'term_exists',
        data: { status: 400, term_id: id },
        additional_data: [id, id],
      });
    }
  });
});

describe('titles, as WordPress’s the_title shows them', () => {
  it('texturizes an event’s title, its venue’s and organizer’s names, not a term’s', async () => {
    const event = await createEvent(server, {
      ...basics,
      title: 'Rock & Roll -- "Don\'t stop"...',
      venue: { venue: "Joe's & Co" },
      organizer: [{ organizer: 'Wordpress - meetup' }],
      categories: ["Rock & Roll's"],
    });
    const title = 'Rock &#038; Roll &#8212; &#8220;Don&#8217;t stop&#8221;&#8230;';
    expect(event.title).toBe(title);
    const read = (await server.api(`/events/${event.id}`)).body as {
      title: string;
      json_ld: { name: string };
      venue: { venue: string; id: number };
      organizer: { organizer: string }[];
      categories: { name: string }[];
    };
    expect(read.json_ld.name).toBe(title);
    expect(read.venue.venue).toBe('Joe&#8217;s &#038; Co');
    expect(read.organizer[0]!.organizer).toBe('WordPress &#8211; meetup');
    expect(read.categories[0]!.name).toBe("Rock &amp; Roll's");
    const venue = (await server.api(`/venues/${read.venue.id}`)).body as {
      venue: string;
      json_ld: { name: string };
    };
    expect([venue.venue, venue.json_ld.name]).toEqual([
      'Joe&#8217;s &#038; Co',
      'Joe&#8217;s &#038; Co',
    ]);
  });
});

describe('a search’s -word, as WordPress reads it', () => {
  it('leaves out the events that hold the word, alone or beside other words', async () => {
    const day = { start_date: '2027-04-01 20:00:00', end_date: '2027-04-01 22:00:00' };
    for (const [title, description] of [
      ['Duo trumpet', 'with a trumpet'],
      ['Duo violin', 'with a violin'],
      ['Trio', 'Violin and trumpet'],
      ['Quartet', 'strings'],
    ])
      await createEvent(server, { ...day, title, description });
    const found = async (search: string) => {
      const reply = await server.api(
        `/events?start_date=2027-04-01&end_date=2027-04-02&search=${encodeURIComponent(search)}`,
      );
      const list = reply.body as { events: { title: string }[]; total: number };
      expect(list.total).toBe(list.events.length);
      return list.events.map((event) => event.title).sort();
    };
    expect(await found('Duo -violin')).toEqual(['Duo trumpet']);
    expect(await found('-VIOLIN')).toEqual(['Duo trumpet', 'Quartet']);
    expect(await found('-violin -trumpet')).toEqual(['Quartet']);
    // A dash inside a word is no exclusion, nor is a lone dash a word.
    expect(await found('Duo -')).toEqual(['Duo trumpet', 'Duo violin']);
  });
});
