/** Records and helpers for the ICS writer's tests. */
import ICAL from 'ical.js';
import type { CalendarEvent } from '#shared/schemas/event.ts';
import type { Organizer } from '#shared/schemas/organizer.ts';
import type { Term } from '#shared/schemas/term.ts';
import type { Venue } from '#shared/schemas/venue.ts';
import {
  writeIcs,
  type IcsCalendarInfo,
  type IcsEventInput,
} from '#server/transfer/ics/ics-writer.ts';

const CALENDAR: IcsCalendarInfo = {
  name: 'Stadt, Land; Fluss',
  language: 'en',
  defaultLanguage: 'en',
  productVersion: '0.1.0',
  zones: ['Europe/Berlin'],
};

export const event = (fields: Partial<CalendarEvent> = {}): CalendarEvent =>
  ({
    uuid: '6f1c1a52-58a4-4c3e-9f0e-6f2a1a3b9c01',
    status: 'publish',
    password: '',
    title: { en: 'Jazz night' },
    description: { en: '<p>First</p><p>Second<br>line &amp; more</p>' },
    excerpt: {},
    start: '2026-03-14 20:00:00',
    end: '2026-03-14 23:00:00',
    startUtc: '2026-03-14 19:00:00',
    endUtc: '2026-03-14 22:00:00',
    timezone: 'Europe/Berlin',
    allDay: false,
    image: '',
    created: '2026-01-02 03:04:05',
    modified: '2026-02-03 04:05:06',
    ...fields,
  }) as CalendarEvent;

export const input = (fields: Partial<IcsEventInput> = {}): IcsEventInput => ({
  event: event(),
  venue: null,
  organizers: [],
  categories: [],
  tags: [],
  url: 'https://calendar.example/event/jazz-night/',
  sequence: 2,
  ...fields,
});

export const write = (inputs: IcsEventInput[], calendar: Partial<IcsCalendarInfo> = {}) =>
  [...writeIcs({ ...CALENDAR, ...calendar }, inputs)].join('');

export const parse = (text: string) => new ICAL.Component(ICAL.parse(text) as unknown[]);
export const vevents = (text: string) => parse(text).getAllSubcomponents('vevent');
export const first = (text: string) => vevents(text)[0]!;

export const venue = (fields: Partial<Venue> = {}): Venue =>
  ({
    name: { en: 'Blue Note', de: 'Blaue Note' },
    address: 'Main St. 1',
    city: 'Berlin',
    stateprovince: '',
    state: '',
    province: '',
    zip: '10115',
    country: 'Germany',
    ...fields,
  }) as Venue;

export const organizer = (name: string, email: string): Organizer =>
  ({
    name: { en: name },
    email,
    uuid: `0000000${name.length}-0000-4000-8000-000000000000`,
  }) as Organizer;

export const category = (names: Term['name']): Term => ({ name: names }) as Term;
