/**
 * The differences listed from recorded TEC answers, each measured again on the real
 * site (TEC 6.17.2) and fixed: term counts, `website` after an update, terms named in a form
 * body, date windows and list orders, and the index's `?context=help`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../support/events.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const basics = { title: 'Gig', start_date: '2026-12-01 20:00:00', end_date: '2026-12-01 23:00:00' };

describe('category counts, as TEC counts them', () => {
  it('counts published events only, and lists an empty category whose child has events', async () => {
    const category = async (json: object) =>
      ((await server.api('/categories', { as: 'owner', json })).body as { id: number }).id;
    const parent = await category({ name: 'Counted parent' });
    const child = await category({ name: 'Counted child', parent });
    await category({ name: 'Counted lone' });
    await createEvent(server, { ...basics, categories: [child] });
    for (const status of ['draft', 'pending', 'private'])
      await createEvent(server, { ...basics, categories: [parent, child], status });
    const trashed = await createEvent(server, { ...basics, categories: [parent] });
    await server.api(`/events/${trashed.id}`, { method: 'DELETE', as: 'owner' });
    const listed = (await server.api('/categories?search=Counted')).body as {
      categories: { name: string; count: number }[];
    };
    expect(listed.categories.map(({ name, count }) => [name, count])).toEqual([
      ['Counted child', 1],
      ['Counted parent', 0],
    ]);
  });
});

describe('terms named in a form body, as TEC creates them', () => {
  it('creates the categories and tags a contributor’s form body names, with the event', async () => {
    const reply = await server.api('/events', {
      as: 'contributor',
      form: {
        title: 'Contributed',
        start_date: basics.start_date,
        end_date: basics.end_date,
        'categories[]': 'Opera',
        'tags[]': 'matinee',
      },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const event = reply.body as { status: string; categories: { name: string }[] };
    expect(event.status).toBe('draft');
    expect(event.categories.map((term) => term.name)).toEqual(['Opera']);
    const listed = (await server.api('/categories?hide_empty=false&search=Opera')).body as {
      categories: { name: string; count: number }[];
    };
    expect(listed.categories.map(({ name, count }) => [name, count])).toEqual([['Opera', 0]]);
  });
});

describe('website, as TEC stores it', () => {
  it('shows the public page only until an update stores a website, "" when none is sent', async () => {
    await server.close();
    server = await startTestServer({
      overrides: { publicUrls: { event: 'https://venue.example/events/{slug}/' } },
    });
    const page = 'https://venue.example/events/gig/';
    const event = await createEvent(server, basics);
    expect(event.website).toBe(page);
    const read = async () =>
      ((await server.api(`/events/${event.id}`)).body as { website: string }).website;
    expect(await read()).toBe(page);
    const updated = await server.api(`/events/${event.id}`, {
      as: 'owner',
      json: { title: 'Gig 2' },
    });
    expect((updated.body as { website: string }).website).toBe('');
    expect(await read()).toBe('');
    // An empty website sent on create stores none (TEC 6.17.2): the public page shows.
    expect((await createEvent(server, { ...basics, website: '' })).website).toBe(
      'https://venue.example/events/gig-2/',
    );
    // A website of its own stays through an update that does not name it (updates are partial).
    const own = await createEvent(server, { ...basics, website: 'https://own.example/' });
    await server.api(`/events/${own.id}`, { as: 'owner', json: { title: 'Own 2' } });
    expect(((await server.api(`/events/${own.id}`)).body as { website: string }).website).toBe(
      'https://own.example/',
    );
  });
});

describe('search words, as WordPress reads them', () => {
  it('leaves out one-letter words and stopwords, and keeps a quoted phrase whole', async () => {
    const window = 'start_date=2027-03-01&end_date=2027-03-31';
    for (const [title, day] of [
      ['Wordy night concert', '01'],
      ['Wordy day concert', '02'],
      ['Wordy concert night', '03'],
    ] as const)
      await createEvent(server, {
        title,
        start_date: `2027-03-${day} 20:00:00`,
        end_date: `2027-03-${day} 22:00:00`,
      });
    const titles = async (search: string) =>
      (
        (await server.api(`/events?${window}&search=${encodeURIComponent(search)}`)).body as {
          events: { title: string }[];
        }
      ).events.map((event) => event.title);
    const every = ['Wordy night concert', 'Wordy day concert', 'Wordy concert night'];
    // "L" and "the" say nothing to WordPress: the search is "Wordy concert" (measured on TEC
    // 6.17.2: "Same time L" found every "Same time …" event).
    expect(await titles('Wordy concert L')).toEqual(every);
    expect(await titles('the Wordy concert')).toEqual(every);
    expect(await titles('"night concert"')).toEqual(['Wordy night concert']);
    expect(await titles('concert,night')).toEqual(['Wordy night concert', 'Wordy concert night']);
    // Only short words and stopwords: the whole text is looked for.
    expect(await titles('the')).toEqual([]);
  });
});

describe('error messages in TEC’s words', () => {
  it('says what TEC 6.17.2 says for unknown, other-kind, trashed, hidden and protected records', async () => {
    const message = async (path: string, init: Parameters<TestServer['api']>[1] = {}) =>
      ((await server.api(path, init)).body as { message: string }).message;
    const venue = (await server.api('/venues', { as: 'owner', json: { venue: 'Hall' } })).body as {
      id: number;
    };
    expect(await message('/events/999999')).toBe('Event with ID 999999 does not exist.');
    expect(await message(`/events/${venue.id}`)).toBe('The specified ID is not a valid event.');
    const hidden = await createEvent(server, { ...basics, status: 'draft' });
    expect(await message(`/events/${hidden.id}`)).toBe('The requested event is not accessible');
    const locked = await createEvent(server, { ...basics, password: 'sesame' });
    expect(await message(`/events/${locked.id}`)).toBe(
      'The requested event is not accessible without a password',
    );
    const gone = await createEvent(server, basics);
    await server.api(`/events/${gone.id}`, { method: 'DELETE', as: 'owner' });
    expect(await message(`/events/${gone.id}`)).toBe('This event is no longer available');
    expect(await message(`/events/${gone.id}`, { method: 'DELETE', as: 'owner' })).toBe(
      'The event is already trashed',
    );
    expect(await message('/events?page=99')).toBe(
      'The requested event archive page does not exist',
    );
    const draftVenue = (
      await server.api('/venues', { as: 'owner', json: { venue: 'Draft hall', status: 'draft' } })
    ).body as { id: number };
    expect(await message(`/venues/${draftVenue.id}`)).toBe('The requested venue is not accessible');
    await server.api(`/venues/${venue.id}`, { method: 'DELETE', as: 'owner' });
    expect(await message(`/venues/${venue.id}`, { method: 'DELETE', as: 'owner' })).toBe(
      'The venue is already trashed',
    );
    expect(await message('/venues?page=99')).toBe(
      'The requested venue archive page does not exist',
    );
    expect(await message('/tags', { as: 'owner', json: { name: 'Child tag', parent: 1 } })).toBe(
      'Cannot set parent term, taxonomy is not hierarchical.',
    );
    await server.api('/tags', { as: 'owner', json: { name: 'Twice' } });
    expect(await message('/tags', { as: 'owner', json: { name: 'Twice' } })).toBe(
      'A term with the name provided already exists in this taxonomy.',
    );
  });
});

describe('category pages, as WordPress links them', () => {
  it('names a child category’s parents in its url, as TEC’s hierarchical rewrite does', async () => {
    const own = await startTestServer({
      overrides: { publicUrls: { category: 'https://venue.example/events/category/{slug}/' } },
    });
    try {
      const category = async (json: object) =>
        (await own.api('/categories', { as: 'owner', json })).body as { id: number; url: string };
      const main = await category({ name: 'Main' });
      const child = await category({ name: 'Child', parent: main.id });
      const grandchild = await category({ name: 'Grandchild', parent: child.id });
      expect(main.url).toBe('https://venue.example/events/category/main/');
      expect(child.url).toBe('https://venue.example/events/category/main/child/');
      expect(grandchild.url).toBe('https://venue.example/events/category/main/child/grandchild/');
      const read = (await own.api(`/categories/${grandchild.id}`)).body as { url: string };
      expect(read.url).toBe(grandchild.url);
      const listed = (await own.api('/categories?hide_empty=false')).body as {
        categories: { name: string; url: string }[];
      };
      expect(listed.categories.find((one) => one.name === 'Child')?.url).toBe(child.url);
      // Tags have no parents: a tag's url is its slug alone.
      const tag = (await own.api('/tags', { as: 'owner', json: { name: 'Flat' } })).body as {
        url: string;
      };
      expect(tag.url).not.toContain('/main/');
    } finally {
      await own.close();
    }
  });
});

describe('a boolean that is not one, as WordPress refuses it', () => {
  it('says "is not of type boolean." with WordPress’s details for that parameter', async () => {
    const refusal = (name: string) => ({
      code: 'rest_invalid_param',
      message: `Invalid parameter(s): ${name}`,
      data: {
        status: 400,
        params: { [name]: `${name} is not of type boolean.` },
        details: {
          [name]: {
            code: 'rest_invalid_type',
            message: `${name} is not of type boolean.`,
            data: { param: name },
          },
        },
      },
    });
    expect((await server.api('/events?featured=yes')).body).toEqual(refusal('featured'));
    expect((await server.api('/categories?hide_empty=junk')).body).toEqual(refusal('hide_empty'));
    const create = await server.api('/events', {
      as: 'owner',
      json: { ...basics, featured: 'on' },
    });
    expect(create.body).toEqual(refusal('featured'));
    // Other refusals keep an empty details, as TEC's own validators give.
    const dates = (await server.api('/events?start_date=junk')).body as {
      data: { details: unknown };
    };
    expect(dates.data.details).toEqual([]);
  });
});

describe('a category list’s parameters, checked as TEC checks them', () => {
  it('names parent when it is no category, and checks post beside event', async () => {
    const parent = (await server.api('/categories?parent=999999')).body as {
      data: { params: Record<string, string> };
    };
    expect(Object.keys(parent.data.params)).toEqual(['parent']);
    const event = await createEvent(server, basics);
    const both = await server.api(`/categories?event=${event.id}&post=999999`);
    expect(both.status).toBe(400);
    expect(Object.keys((both.body as { data: { params: object } }).data.params)).toEqual(['post']);
  });
});

describe('an update by an unknown slug', () => {
  it('is TEC’s 404 for the event of id 0', async () => {
    const reply = await server.api('/events/by-slug/no-such-event', {
      as: 'owner',
      json: { title: 'x' },
    });
    expect(reply.status).toBe(404);
    expect(reply.body).toMatchObject({
      code: 'rest-event-not-found',
      message: 'Event with ID 0 does not exist.',
    });
  });
});
