/**
 * Where TEC's writes meet odd input: a venue of 0 (the event keeps its venue), titles whose
 * signs WordPress's slug rule drops or spells out, dates with an offset, and the hour the
 * clock shows twice when daylight saving ends.
 */
import type { Scenario } from '../scenario.ts';
import type { Space } from './space.ts';

/** `MM-DD` of the first (or, with `last`, the last) Sunday of a month of `year`. */
function sunday(year: number, month: number, last = false): string {
  const day = last ? new Date(Date.UTC(year, month, 0)) : new Date(Date.UTC(year, month - 1, 1));
  const step = last ? -1 : 1;
  while (day.getUTCDay() !== 0) day.setUTCDate(day.getUTCDate() + step);
  return `${String(month).padStart(2, '0')}-${String(day.getUTCDate()).padStart(2, '0')}`;
}

export const eventsEdges: ((s: Space) => Scenario)[] = [
  (s) => ({
    name: 'events: a venue of 0 and slugs of signs',
    steps: [
      {
        label: 'a venue',
        path: 'venues',
        as: 'admin',
        json: { venue: s.named('Zero Hall') },
        save: { v1: 'id' },
      },
      {
        label: 'create at the venue',
        path: 'events',
        as: 'admin',
        json: {
          title: s.named('Cost €8, 10,00: Rock & Roll'),
          start_date: s.at('02-03', '18:00'),
          end_date: s.at('02-03', '20:00'),
          venue: '{v1}',
        },
        save: { e1: 'id' },
      },
      { label: 'venue 0', path: 'events/{e1}', as: 'admin', json: { venue: 0 } },
      { label: 'venue "0"', path: 'events/{e1}', as: 'admin', json: { venue: '0' } },
      { label: 'read after venue 0', path: 'events/{e1}' },
      {
        label: 'create with an offset in the dates',
        path: 'events',
        as: 'admin',
        json: {
          title: s.named('Offsets'),
          start_date: `${s.at('02-04', '19:00').replace(' ', 'T')}Z`,
          end_date: `${s.at('02-04', '21:00').replace(' ', 'T')}+01:00`,
          timezone: 'Europe/Berlin',
        },
      },
      // The hour daylight saving ends is shown twice: PHP's reading of it, west and east.
      ...(
        [
          ['America/New_York', sunday(s.year, 11), '01:30'],
          ['Europe/Berlin', sunday(s.year, 10, true), '02:30'],
        ] as const
      ).map(([timezone, day, time]) => ({
        label: `create at the repeated hour in ${timezone}`,
        path: 'events',
        as: 'admin' as const,
        json: {
          title: s.named(`Twice ${timezone}`),
          start_date: s.at(day, time),
          end_date: s.at(day, time),
          timezone,
        },
      })),
      {
        label: 'create with venue 0',
        path: 'events',
        as: 'admin',
        json: {
          title: s.named('Zéro: x.y/z'),
          start_date: s.at('02-03', '18:00'),
          end_date: s.at('02-03', '20:00'),
          venue: 0,
        },
      },
    ],
  }),
];
