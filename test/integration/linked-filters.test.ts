/** Filters of venues, organizers and terms that depend on events. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tecOrganizerListSchema } from '#shared/tec/organizer.ts';
import { at, createEvent } from '../support/events.ts';
import { startTestServer, type Caller, type TestServer } from '../support/test-server.ts';
import { termListOf } from '../support/terms.ts';
import { createVenue, expectError, venueListOf } from '../support/venues.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

const venueNames = async (query: string, as: Caller = 'anonymous') =>
  venueListOf(await server.api(`/venues${query}`, { as }))
    .venues.map((venue) => venue.venue)
    .sort();

describe('venues and organizers by their events', () => {
  it('has_events: linked to an event that is not a draft or pending (TEC 63)', async () => {
    const busy = await createVenue(server, { venue: 'Busy' });
    const draftOnly = await createVenue(server, { venue: 'Draft only' });
    await createVenue(server, { venue: 'Idle' });
    await createEvent(server, {
      title: 'E',
      venue: busy.id,
      start_date: at(1),
      end_date: at(1, 1),
    });
    await createEvent(server, {
      title: 'D',
      venue: draftOnly.id,
      status: 'draft',
      start_date: at(1),
      end_date: at(1, 1),
    });
    expect(await venueNames('?has_events=true')).toEqual(['Busy']);
    expect(await venueNames('?has_events=false')).toEqual(['Draft only', 'Idle']);
  });

  it('event: the records linked to that event (TEC 64)', async () => {
    const hall = await createVenue(server, { venue: 'Hall' });
    const event = await createEvent(server, {
      title: 'E',
      venue: hall.id,
      organizer: [{ organizer: 'One' }, { organizer: 'Two' }],
      start_date: at(1),
      end_date: at(1, 1),
    });
    const bare = await createEvent(server, {
      title: 'Bare',
      start_date: at(1),
      end_date: at(1, 1),
    });
    expect(await venueNames(`?event=${event.id}`)).toEqual(['Hall']);
    expect(await venueNames(`?event=${bare.id}`)).toEqual([]);
    const organizers = tecOrganizerListSchema.parse(
      (await server.api(`/organizers?event=${event.id}`)).body,
    );
    expect(organizers.organizers.map((organizer) => organizer.organizer).sort()).toEqual([
      'One',
      'Two',
    ]);
    expectError(await server.api('/venues?event=23'), 400, 'rest_invalid_param');
    expectError(await server.api(`/venues?event=${hall.id}`), 400, 'rest_invalid_param');
  });

  it('only_with_upcoming: linked to an event starting from now; private ones for editors (TEC 65)', async () => {
    const past = await createVenue(server, { venue: 'Past' });
    const future = await createVenue(server, { venue: 'Future' });
    const privately = await createVenue(server, { venue: 'Private' });
    await createVenue(server, { venue: 'None' });
    await createEvent(server, {
      title: 'Old',
      venue: past.id,
      start_date: at(-3),
      end_date: at(-3, 1),
    });
    await createEvent(server, {
      title: 'New',
      venue: future.id,
      start_date: at(2),
      end_date: at(2, 1),
    });
    await createEvent(server, {
      title: 'Hush',
      venue: privately.id,
      status: 'private',
      start_date: at(2),
      end_date: at(2, 1),
    });
    expect(await venueNames('?only_with_upcoming=true')).toEqual(['Future']);
    expect(await venueNames('?only_with_upcoming=true', 'editor')).toEqual(['Future', 'Private']);
    expect(await venueNames('?only_with_upcoming=false')).toEqual([
      'Future',
      'None',
      'Past',
      'Private',
    ]);
  });
});

describe('terms by their events', () => {
  it('post/event give an event’s terms (event wins); counts and hide_empty follow published events (TEC 77)', async () => {
    const one = await createEvent(server, {
      title: 'One',
      categories: 'Jazz,Rock',
      start_date: at(1),
      end_date: at(1, 1),
    });
    const two = await createEvent(server, {
      title: 'Two',
      categories: 'Rock',
      start_date: at(2),
      end_date: at(2, 1),
    });
    await createEvent(server, {
      title: 'Draft',
      categories: 'Folk',
      status: 'draft',
      start_date: at(3),
      end_date: at(3, 1),
    });
    const names = async (query: string) =>
      termListOf(await server.api(`/categories${query}`), 'categories').categories.map(
        (term) => `${term.name}:${term.count}`,
      );
    expect(await names(`?post=${one.id}`)).toEqual(['Jazz:1', 'Rock:2']);
    expect(await names(`?post=${one.id}&event=${two.id}`)).toEqual(['Rock:2']);
    expect(await names('')).toEqual(['Jazz:1', 'Rock:2']);
    expect(await names('?hide_empty=false')).toEqual(['Folk:0', 'Jazz:1', 'Rock:2']);
    expect(await names('?orderby=count&order=desc')).toEqual(['Rock:2', 'Jazz:1']);
  });
});
