import type ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { event, first, input, parse, vevents, write } from '../../../test/support/ics-fixtures.ts';

describe('writeIcs', () => {
  it('writes the calendar header and an event strict parsers read back', () => {
    const text = write([input()]);
    const calendar = parse(text);
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(calendar.getFirstPropertyValue('prodid')).toBe('-//Marquee//Marquee 0.1.0//EN');
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    // ical.js reads X- properties raw, so the escaping is checked on the line.
    expect(text).toContain('X-WR-CALNAME:Stadt\\, Land\\; Fluss\r\n');
    expect(text).toContain('X-WR-TIMEZONE:Europe/Berlin\r\n');
    const vevent = first(text);
    expect(vevent.getFirstPropertyValue('uid')).toBe(
      '6f1c1a52-58a4-4c3e-9f0e-6f2a1a3b9c01@marquee',
    );
    expect(vevent.getFirstPropertyValue('sequence')).toBe(2);
    expect(vevent.getFirstPropertyValue('summary')).toBe('Jazz night');
    expect(vevent.getFirstPropertyValue('description')).toBe('First\n\nSecond\nline & more');
    expect(vevent.getFirstPropertyValue('url')).toBe('https://calendar.example/event/jazz-night/');
    expect(text).toContain('DTSTAMP:20260203T040506Z\r\n');
    expect(text).toContain('CREATED:20260102T030405Z\r\n');
    expect(text).toContain('LAST-MODIFIED:20260203T040506Z\r\n');
    expect(text).toContain('DTSTART;TZID=Europe/Berlin:20260314T200000\r\n');
    expect(text).toContain('DTEND;TZID=Europe/Berlin:20260314T230000\r\n');
    expect(text).not.toMatch(/\n(STATUS|CLASS|LOCATION|ORGANIZER|CATEGORIES|ATTACH)[;:]/);
  });

  it('gives the same bytes for the same records, and keeps the UID when the event moves', () => {
    const moved = input({
      event: event({ start: '2026-04-01 10:00:00', end: '2026-04-01 11:00:00' }),
    });
    expect(write([input()])).toBe(write([input()]));
    expect(first(write([moved])).getFirstPropertyValue('uid')).toBe(
      first(write([input()])).getFirstPropertyValue('uid'),
    );
  });

  it('writes each listed zone once, before the events, and UTC events with Z times', () => {
    const utc = event({
      timezone: 'UTC',
      start: '2026-03-14 19:00:00',
      end: '2026-03-14 22:00:00',
    });
    const york = event({ timezone: 'America/New_York' });
    const text = write([input(), input({ event: utc }), input(), input({ event: york })], {
      zones: ['Europe/Berlin', 'UTC', 'America/New_York', 'Europe/Berlin'],
    });
    const zones = parse(text).getAllSubcomponents('vtimezone');
    expect(zones.map((zone) => zone.getFirstPropertyValue('tzid'))).toEqual([
      'Europe/Berlin',
      'America/New_York',
    ]);
    expect(text.lastIndexOf('END:VTIMEZONE')).toBeLessThan(text.indexOf('BEGIN:VEVENT'));
    expect(text).not.toContain('X-WR-TIMEZONE');
    expect(text).toContain('DTSTART:20260314T190000Z\r\nDTEND:20260314T220000Z\r\n');
    expect(text).toContain('DTSTART;TZID=America/New_York:20260314T200000\r\n');
  });

  it('writes an event whose zone the caller did not list in UTC', () => {
    const york = event({ timezone: 'America/New_York', startUtc: '2026-03-15 00:00:00' });
    const text = write([input({ event: york })]);
    expect(text).not.toContain('TZID:America/New_York');
    expect(text).toContain('DTSTART:20260315T000000Z\r\n');
    // The zone goes apart, so that an import shows the instant in it again.
    expect(text).toContain('X-MARQUEE-TIMEZONE:America/New_York\r\n');
  });

  it('names a VTIMEZONE after the zone asked for, though the library knows it by another', () => {
    const kolkata = event({ timezone: 'Asia/Calcutta' });
    const text = write([input({ event: kolkata })], { zones: ['Asia/Calcutta'] });
    expect(parse(text).getFirstSubcomponent('vtimezone')!.getFirstPropertyValue('tzid')).toBe(
      'Asia/Calcutta',
    );
    expect(text).toContain('DTSTART;TZID=Asia/Calcutta:20260314T200000\r\n');
  });

  it('writes all-day events as dates with the day after the last as DTEND', () => {
    const allDay = event({
      allDay: true,
      start: '2026-12-30 00:00:00',
      end: '2026-12-31 23:59:59',
    });
    const text = write([input({ event: allDay })]);
    expect(text).toContain('DTSTART;VALUE=DATE:20261230\r\nDTEND;VALUE=DATE:20270101\r\n');
    const dtend = first(text).getFirstPropertyValue('dtend') as ICAL.Time;
    expect([dtend.isDate, dtend.toString()]).toEqual([true, '2027-01-01']);
  });

  it('chooses the texts of the export language, falling back to the default', () => {
    const both = event({ title: { en: 'Concert', de: 'Konzert' } });
    const english = event({ title: { en: 'Only English' }, description: { en: 'Hello' } });
    const inputs = [input({ event: both }), input({ event: english })];
    const summaries = (language: 'de' | 'en') =>
      vevents(write(inputs, { language })).map((vevent) => vevent.getFirstPropertyValue('summary'));
    expect(summaries('de')).toEqual(['Konzert', 'Only English']);
    expect(summaries('en')).toEqual(['Concert', 'Only English']);
  });
});
