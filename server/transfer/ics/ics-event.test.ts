import { describe, expect, it } from 'vitest';
import {
  category,
  event,
  first,
  input,
  organizer,
  venue,
  vevents,
  write,
} from '../../../test/support/ics-fixtures.ts';

const KEPT = {
  uid: 'abc-123@example.org',
  sequence: 7,
  recurrence: [
    'RRULE:FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20261231T230000Z',
    'EXDATE;TZID=Europe/Berlin:20260316T200000,20260318T200000',
  ],
  extra: [
    'GEO:52.52;13.405',
    `X-LONG-NOTE;X-P="a:b":${'Grüße aus Köln 🎉 '.repeat(8)}`,
    'DTSTART:19990101T000000Z',
    'BEGIN:VALARM',
    'X-BROKEN\nLINE:1',
  ],
};

describe('VEVENT', () => {
  it('writes venue, organizers, categories, tags and image', () => {
    const text = write([
      input({
        event: event({ image: 'https://calendar.example/uploads/poster.PNG' }),
        venue: venue({ state: 'BE', country: '' }),
        organizers: [organizer('No Mail', ''), organizer('Ana, "Dr."', 'ana@example.org')],
        categories: [category({ en: 'Arts &amp; Crafts' }), category({ de: 'Musik, live' })],
        tags: [category({ en: 'late; loud' }), category({ en: 'Musik, live' })],
      }),
    ]);
    const vevent = first(text);
    expect(vevent.getFirstPropertyValue('location')).toBe(
      'Blue Note, Main St. 1, Berlin, BE, 10115',
    );
    expect(text).toContain('X-MARQUEE-VENUE:Blue Note;Main St. 1;Berlin;BE;10115;\r\n');
    // One ORGANIZER (RFC 5545), the first; without an email its uuid is its address.
    const organizerProperty = vevent.getFirstProperty('organizer')!;
    expect(organizerProperty.getFirstValue()).toBe('urn:uuid:00000007-0000-4000-8000-000000000000');
    expect(organizerProperty.getParameter('cn')).toBe('No Mail');
    const more = vevent.getAllProperties('x-marquee-organizer');
    expect(more.map((property) => property.getParameter('cn'))).toEqual(['Ana, "Dr."']);
    expect(text).toContain('X-MARQUEE-ORGANIZER;CN="Ana, ^\'Dr.^\'":mailto:ana@example.org\r\n');
    expect(vevent.getFirstProperty('categories')!.getValues()).toEqual([
      'Arts & Crafts',
      'Musik, live',
      'late; loud',
      'Musik, live',
    ]);
    expect(text).toContain('CATEGORIES:Arts & Crafts,Musik\\, live,late\\; loud,Musik\\, live\r\n');
    expect(text).toContain('X-MARQUEE-TAGS:late\\; loud,Musik\\, live\r\n');
    expect(text).toContain(
      'ATTACH;FMTTYPE=image/png:https://calendar.example/uploads/poster.PNG\r\n',
    );
  });

  it.each([
    ['draft', 'STATUS:TENTATIVE'],
    ['pending', 'STATUS:TENTATIVE'],
    ['future', 'STATUS:TENTATIVE'],
    ['private', 'CLASS:PRIVATE'],
  ] as const)('marks a %s event with %s', (status, line) => {
    expect(write([input({ event: event({ status }) })])).toContain(`\r\n${line}\r\n`);
  });

  it('leaves the description of a password-protected event out', () => {
    const text = write([input({ event: event({ password: 'secret' }) })]);
    expect(first(text).hasProperty('description')).toBe(false);
    expect(first(text).hasProperty('x-alt-desc')).toBe(false);
  });

  it('writes links as "text (url)" in DESCRIPTION and the HTML in X-ALT-DESC', () => {
    const html =
      '<p>Tickets <a href="https://t.example/?a=1&amp;b=2" target="_blank">here</a>, or ' +
      '<a href="https://t.example/">https://t.example/</a><script>x()</script></p>\nMore';
    const text = write([input({ event: event({ description: { en: html } }) })]);
    const vevent = first(text);
    expect(vevent.getFirstPropertyValue('description')).toBe(
      'Tickets here (https://t.example/?a=1&b=2), or https://t.example/\n\nMore',
    );
    // As the API renders it (paragraphs made), what the editor keeps, escaped as TEXT.
    const alt = vevent.getFirstProperty('x-alt-desc')!;
    expect(alt.getParameter('fmttype')).toBe('text/html');
    expect(alt.getFirstValue()).toBe(
      '<p>Tickets <a href="https://t.example/?a=1&amp\\;b=2" target="_blank">here</a>\\, or ' +
        '<a href="https://t.example/">https://t.example/</a></p>\\n<p>More</p>',
    );
    // Plain text needs no HTML beside it.
    const plain = write([input({ event: event({ description: { en: 'Just text' } }) })]);
    expect(first(plain).hasProperty('x-alt-desc')).toBe(false);
  });

  it('names the zone of an all-day event apart from its DATE', () => {
    const allDay = event({ allDay: true, timezone: 'Europe/Lisbon' });
    const text = write([input({ event: allDay })]);
    expect(text).toContain('DTSTART;VALUE=DATE:20260314\r\n');
    expect(text).toContain('X-MARQUEE-TIMEZONE:Europe/Lisbon\r\n');
    expect(write([input()])).not.toContain('X-MARQUEE-TIMEZONE');
  });

  it('escapes text so commas, semicolons, backslashes, newlines and emoji survive', () => {
    const title = 'Rock, Pop; Jazz \\ Blues 🎷 \u201cLive\u201d';
    const description = 'Line one, a; b\\c\r\nLine two 😀';
    const text = write([
      input({ event: event({ title: { en: title }, description: { en: description } }) }),
    ]);
    expect(text).toContain('SUMMARY:Rock\\, Pop\\; Jazz \\\\ Blues 🎷 \u201cLive\u201d\r\n');
    const vevent = first(text);
    expect(vevent.getFirstPropertyValue('summary')).toBe(title);
    expect(vevent.getFirstPropertyValue('description')).toBe('Line one, a; b\\c\nLine two 😀');
  });

  it('keeps an import’s UID, rule and unknown properties, dropping lines that would break it', () => {
    const text = write([input({ ical: KEPT })]);
    const vevent = first(text);
    expect(vevent.getFirstPropertyValue('uid')).toBe('abc-123@example.org');
    expect(vevent.getFirstPropertyValue('sequence')).toBe(2);
    expect(text).toContain('\r\nRRULE:FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20261231T230000Z\r\n');
    expect(text).toContain('\r\nEXDATE;TZID=Europe/Berlin:20260316T200000,20260318T200000\r\n');
    expect(text).toContain('\r\nGEO:52.52;13.405\r\n');
    expect(vevent.getFirstProperty('x-long-note')!.getParameter('x-p')).toBe('a:b');
    expect(String(vevent.getFirstPropertyValue('x-long-note'))).toBe(
      'Grüße aus Köln 🎉 '.repeat(8),
    );
    expect(vevent.getAllProperties('dtstart')).toHaveLength(1);
    expect(text).not.toMatch(/VALARM|BROKEN/);
  });

  it('writes a later occurrence as an override: the series UID and its start as RECURRENCE-ID', () => {
    const moved = event({
      uuid: '0b7d3c1e-1111-4c3e-9f0e-6f2a1a3b9c02',
      start: '2026-03-20 21:00:00',
    });
    const override = { ...KEPT, uid: 'other', recurrence: [], seriesUid: KEPT.uid };
    const text = write([input({ ical: KEPT }), input({ event: moved, ical: override })]);
    const [series, occurrence] = vevents(text);
    expect(occurrence!.getFirstPropertyValue('uid')).toBe(series!.getFirstPropertyValue('uid'));
    expect(text).toContain('RECURRENCE-ID;TZID=Europe/Berlin:20260320T210000\r\n');
    expect(occurrence!.hasProperty('rrule')).toBe(false);
    expect(series!.hasProperty('recurrence-id')).toBe(false);
  });
});
