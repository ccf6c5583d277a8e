/**
 * A phone's reminders (VALARMs) on a calendar object, kept aside for the person who set them:
 * one staff member's "15 minutes before" is not the venue's event, so no other door, phone or
 * person sees it, yet the phone that sent it finds it again in every later GET and listing
 * (a reminder dropped there would be dropped from the phone too). Each component's reminders
 * are keyed by its RECURRENCE-ID as the phone wrote it ("" for the event or series itself),
 * and put back into the same component of the object Marquee writes.
 */
import ICAL from 'ical.js';

export type Alarms = Record<string, string[]>;

const componentKey = (vevent: ICAL.Component): string =>
  String(vevent.getFirstPropertyValue('recurrence-id') ?? '');

/** The reminders of each event component of an object's text; undefined when it has none. */
export function alarmsIn(text: string): Alarms | undefined {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  const alarms: Alarms = {};
  for (const vevent of calendar.getAllSubcomponents('vevent')) {
    const own = vevent.getAllSubcomponents('valarm').map((alarm) => alarm.toString());
    if (own.length > 0) alarms[componentKey(vevent)] = own;
  }
  return Object.keys(alarms).length > 0 ? alarms : undefined;
}

/** The object's text with each component's reminders back in it, before its END:VEVENT. */
export function withAlarms(ics: string, alarms: Alarms): string {
  const calendar = new ICAL.Component(ICAL.parse(ics) as unknown[]);
  const keys = calendar.getAllSubcomponents('vevent').map(componentKey);
  const parts = ics.split('END:VEVENT\r\n');
  return parts
    .map((part, index) => {
      const own = index < keys.length ? alarms[keys[index]!] : undefined;
      return own ? `${part}${own.map((alarm) => `${alarm}\r\n`).join('')}` : part;
    })
    .join('END:VEVENT\r\n');
}
