import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readIcs } from './ics-reader.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../test/fixtures/ics/${name}`, import.meta.url));
const read = (input: string | Uint8Array) =>
  readIcs(input, { defaultZone: 'Europe/Berlin', now: new Date('2024-06-01T00:00:00Z') });

describe('readIcs: texts, links and what is kept for export', () => {
  it('maps a Google event and keeps the properties Marquee has no field for', () => {
    const [event] = read(fixture('google-export.ics')).events;
    expect(event).toMatchObject({
      line: 27,
      uid: '4k2l9m8n7b6v5c4x3z2a1s0d9f@google.com',
      language: null,
      title: 'Lesung: Sommernächte',
      description: 'Lesung mit anschließendem Gespräch.\nEintritt frei, Spenden willkommen.',
      venue: { name: 'Kulturhaus Mitte', address: 'Gartenstraße 12, 10115 Berlin, Deutschland' },
      organizers: [{ name: 'Kulturhaus Mitte', email: 'programm@kulturhaus-mitte.example' }],
    });
    // What the file does not carry is not there: an import leaves it alone.
    for (const field of ['status', 'excerpt', 'categories', 'tags'] as const)
      expect(event?.[field], field).toBeUndefined();
    // The VALARM's lines, DTSTAMP, CREATED, STATUS:CONFIRMED… are not kept.
    expect(event?.ical).toEqual({
      uid: '4k2l9m8n7b6v5c4x3z2a1s0d9f@google.com',
      sequence: 2,
      recurrence: [],
      extra: [
        'ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;CN=Kulturhaus Mitte;X-NUM-GUESTS=0:mailto:programm@kulturhaus-mitte.example',
        'X-GOOGLE-CONFERENCE:https://meet.google.com/abc-defg-hij',
        'TRANSP:OPAQUE',
      ],
    });
  });

  it('maps Outlook texts, a long folded UID, CLASS:PRIVATE and Microsoft X- properties', () => {
    const [meeting, session] = read(fixture('outlook-windows-zones.ics')).events;
    expect(meeting?.uid).toBe(
      '040000008200E00074C5B7101A82E00800000000D0A1B2C3D4E5F6010000000000000000100000001A2B3C4D5E6F708192A3B4C5D6E7F8091',
    );
    expect(meeting?.title).toBe('Partnertreffen Q2');
    // Its HTML (X-ALT-DESC) is the description, not the plain DESCRIPTION beside it.
    expect(meeting?.description).toBe('<p>Quartalstreffen mit den Partnern.</p>');
    expect(meeting?.organizers).toEqual([
      { name: 'Anna Schmidt', email: 'anna.schmidt@example.org' },
    ]);
    expect(meeting?.venue).toEqual({ name: 'Konferenzraum 2', address: '' });
    expect(meeting?.ical?.extra).toContain('X-MICROSOFT-CDO-BUSYSTATUS:BUSY');
    expect(meeting?.ical?.extra.join()).not.toContain('X-ALT-DESC');
    expect(meeting?.status).toBeUndefined();
    expect(session?.status).toBe('private');
    expect(session?.ical?.sequence).toBe(3);
    expect(session?.venue).toEqual({
      name: 'Studio B',
      address: '500 Mission St, San Francisco, CA 94105',
    });
  });

  it('reads UTF-8 split across folds, a BOM, LF lines and escaped text (Meetup)', () => {
    const bytes = fixture('meetup-texts-bom-lf.ics');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const { events, problems } = read(bytes);
    expect(problems).toEqual([]);
    const [jazz, cancelled, call] = events;
    expect(jazz?.title).toBe('Jazz, Blues ; Soul – Café night 🎷');
    expect(jazz?.description).toBe(
      'Brooklyn Jazz Lovers\nThursday, September 12 at 7:00 PM\n\nBring your own instrument \\ or voice; all levels welcome.\n\nhttps://www.meetup.com/brooklyn-jazz-lovers/events/301234567/',
    );
    expect(jazz?.venue).toEqual({
      name: 'Brooklyn Public Library',
      address: '10 Grand Army Plaza, Brooklyn, NY 11238',
    });
    expect(jazz?.organizers).toEqual([
      { name: 'Lee, Jordan', email: 'jordan.lee@example.com' },
      { name: 'hosts@brooklynjazz.example', email: 'hosts@brooklynjazz.example' },
    ]);
    expect(jazz?.categories).toEqual(['Music', 'Jazz,Blues', 'Community']);
    expect(jazz?.website).toBe('https://www.meetup.com/brooklyn-jazz-lovers/events/301234567/');
    expect(jazz?.image).toBe('https://secure.meetupstatic.com/photos/event/highres_521.jpeg');
    expect(jazz?.ical?.extra).toEqual([
      'GEO:40.6724;-73.9707',
      'ATTACH:https://www.meetup.com/brooklyn-jazz-lovers/files/setlist.pdf',
      'X-MEETUP-RSVP-COUNT:42',
    ]);
    expect(cancelled).toMatchObject({
      status: 'draft',
      venue: { name: 'Online event', address: '' },
    });
    expect(cancelled?.image).toBe('https://secure.meetupstatic.com/photos/event/poster.png?w=640');
    expect(call).toMatchObject({ uid: null, status: 'private', ical: { uid: '', sequence: 0 } });
  });

  it('reads Apple’s line-broken LOCATION and keeps its folded structured location unfolded', () => {
    const [event] = read(fixture('apple-dst-nights.ics')).events;
    expect(event?.venue).toEqual({ name: 'Clubkeller', address: 'Torstraße 5, 10119 Berlin' });
    expect(event?.ical?.extra).toEqual([
      'TRANSP:OPAQUE',
      'X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-ADDRESS="Torstraße 5, 10119 Berlin";X-APPLE-RADIUS=70.58;X-TITLE=Clubkeller:geo:52.529,13.401',
      'X-APPLE-TRAVEL-ADVISORY-BEHAVIOR:AUTOMATIC',
    ]);
  });
});

describe('readIcs: Marquee’s own properties', () => {
  const file = (lines: string[]) =>
    [
      ...['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Marquee//Marquee 0.1.0//EN', 'BEGIN:VEVENT'],
      ...['UID:one@marquee', 'DTSTAMP:20260101T000000Z'],
      ...lines,
      ...['END:VEVENT', 'END:VCALENDAR', ''],
    ].join('\r\n');
  const one = (lines: string[]) => {
    const { events, problems } = read(file(lines));
    expect(problems).toEqual([]);
    return events[0]!;
  };
  const TIMED = ['DTSTART:20260612T170000Z', 'DTEND:20260612T180000Z', 'SUMMARY:Talk'];

  it('takes the tags out of CATEGORIES, a name that is both once each', () => {
    const event = one([
      ...TIMED,
      'CATEGORIES:Jazz,Live\\, loud,Jazz,Late',
      'X-MARQUEE-TAGS:Jazz,Live\\, loud',
    ]);
    expect(event.categories).toEqual(['Jazz', 'Late']);
    expect(event.tags).toEqual(['Jazz', 'Live, loud']);
  });

  it('reads every organizer in order, an email only from mailto:', () => {
    const event = one([
      ...TIMED,
      'ORGANIZER;CN=First:urn:uuid:00000000-0000-4000-8000-000000000001',
      'X-MARQUEE-ORGANIZER;CN="Second, Dr.":mailto:second@example.org',
      'X-MARQUEE-ORGANIZER;CN=Third:urn:uuid:00000000-0000-4000-8000-000000000003',
    ]);
    expect(event.organizers).toEqual([
      { name: 'First' },
      { name: 'Second, Dr.', email: 'second@example.org' },
      { name: 'Third' },
    ]);
  });

  it('reads the venue by its parts while LOCATION is what they make, else LOCATION', () => {
    const parts = 'X-MARQUEE-VENUE:Hall\\, small;Main St 1;Berlin;;10115;Germany';
    const kept = one([
      ...TIMED,
      'LOCATION:Hall\\, small\\, Main St 1\\, Berlin\\, 10115\\, Germany',
      parts,
    ]);
    expect(kept.venue).toEqual({
      name: 'Hall, small',
      address: 'Main St 1',
      city: 'Berlin',
      province: '',
      zip: '10115',
      country: 'Germany',
    });
    const edited = one([...TIMED, 'LOCATION:Other place\\, Elm St 2', parts]);
    expect(edited.venue).toEqual({ name: 'Other place', address: 'Elm St 2' });
  });

  it('reads the zone of an all-day event, and shows a UTC time in the event’s zone', () => {
    const day = ['DTSTART;VALUE=DATE:20261212', 'DTEND;VALUE=DATE:20261213', 'SUMMARY:Fair'];
    expect(one([...day, 'X-MARQUEE-TIMEZONE:Europe/Lisbon'])).toMatchObject({
      timezone: 'Europe/Lisbon',
      start: '2026-12-12 00:00:00',
    });
    expect(one([...day, 'X-MARQUEE-TIMEZONE:Europe/Lisbon']).zoneUnsaid).toBeUndefined();
    // Without it (or with no zone in it), the calendar's zone, which a matched event ignores.
    for (const lines of [day, [...day, 'X-MARQUEE-TIMEZONE:Mars/Olympus']])
      expect(one(lines)).toMatchObject({ timezone: 'Europe/Berlin', zoneUnsaid: true });
    expect(one([...TIMED, 'X-MARQUEE-TIMEZONE:UTC+5:30'])).toMatchObject({
      timezone: 'UTC+5:30',
      start: '2026-06-12 22:30:00',
      end: '2026-06-12 23:30:00',
    });
  });

  it('reads no website from a URL marked as the event’s public page', () => {
    expect(one([...TIMED, 'URL;X-MARQUEE-PAGE=TRUE:https://venue.example/e/talk']).website).toBe(
      undefined,
    );
    expect(one([...TIMED, 'URL:https://talk.example/']).website).toBe('https://talk.example/');
  });

  it('leaves undefined what the VEVENT does not carry', () => {
    const event = one(TIMED);
    for (const field of ['description', 'excerpt', 'venue', 'organizers', 'categories', 'tags'])
      expect(event[field as keyof typeof event], field).toBeUndefined();
    expect(one([...TIMED, 'LOCATION:', 'DESCRIPTION:'])).toMatchObject({
      venue: null,
      description: '',
    });
  });
});
