import { describe, expect, it } from 'vitest';
import { columnOf, headerColumn, kindOfHeaders } from './csv-columns.ts';

describe('which column a header names', () => {
  it('reads keys, TEC’s labels, and TEC’s test files’ capitals, question marks and plurals', () => {
    const read = (header: string) => columnOf('events', header);
    expect(read('event_name')).toBe('event_name');
    expect(read('Event Organizer Name(s) or ID(s)')).toBe('event_organizer_name');
    expect(read('"ALL DAY EVENT?"'.replaceAll('"', ''))).toBe('event_all_day');
    expect(read('START DATE')).toBe('event_start_date');
    expect(read('VENUE NAME')).toBe('event_venue_name');
    expect(read('SHOW MAP LINK?')).toBe('event_show_map_link');
    expect(read('CATEGORIES')).toBe('event_category');
    expect(read('Hide')).toBe('event_hide');
    expect(read('Featured Image')).toBe('featured_image');
    expect(read('EVENT PHONE')).toBeUndefined();
    expect(read('Comment status')).toBeUndefined();
    expect(columnOf('venues', 'Address')).toBe('venue_address');
    expect(columnOf('organizers', 'Email')).toBe('organizer_email');
  });

  it('tells the kind by the columns a file names outright, then by all it names', () => {
    // "Organizer Name" is an organizer file's own column; an event file's only without its word.
    expect(kindOfHeaders(['organizer_name', 'language'])).toBe('organizers');
    expect(kindOfHeaders(['VENUE NAME', 'City'])).toBe('venues');
    expect(kindOfHeaders(['EVENT NAME', 'VENUE NAME', 'ORGANIZER NAME', 'START DATE'])).toBe(
      'events',
    );
    expect(kindOfHeaders(['Titel', 'Datum'])).toBeUndefined();
    expect(kindOfHeaders(['Titel', 'Datum'], { Titel: 'venue_name' })).toBe('venues');
  });

  it('reads a header as the column chosen for it, "" leaving it out', () => {
    const choices = { Titel: 'event_name', 'Event Cost': '', Ort: 'venue_city' };
    expect(headerColumn('events', ' Titel ', choices)).toBe('event_name');
    expect(headerColumn('events', 'Event Cost', choices)).toBeUndefined();
    // A column of another kind reads as none (the reader names it as a problem).
    expect(headerColumn('events', 'Ort', choices)).toBeUndefined();
    expect(headerColumn('events', 'Event Website', choices)).toBe('event_website');
  });
});
