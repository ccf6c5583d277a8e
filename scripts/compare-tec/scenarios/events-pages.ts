/**
 * Pages of `GET /events` with equal start times (their order), searches, and an event in another
 * time zone among the calendar's (where date filters compare instants, on purpose).
 */
import type { Scenario, Step } from '../scenario.ts';
import type { Space } from './space.ts';

/** The same list asked by several queries, as anonymous (and as admin where `admin`). */
const lists = (queries: string[], as: Step['as'] = 'anonymous'): Step[] =>
  queries.map((query) => ({ label: query, path: `events?${query}`, as }));

export const eventsPages: ((s: Space) => Scenario)[] = [
  (s) => {
    const y = s.year;
    return {
      name: 'events: an event in another time zone in date windows',
      steps: [
        ...[
          ['New York evening', '01-15 18:00:00', '01-15 20:00:00', undefined],
          // 01-15 18:00 to 20:00 in New York, the calendar's zone.
          ['Tokyo morning', '01-16 08:00:00', '01-16 10:00:00', 'Asia/Tokyo'],
          ['New York late', '01-15 21:00:00', '01-15 22:00:00', undefined],
        ].map(([title, start, end, timezone]): Step => ({
          label: `create ${title}`,
          path: 'events',
          as: 'admin',
          quiet: true,
          json: {
            title: s.named(title!),
            start_date: `${y}-${start}`,
            end_date: `${y}-${end}`,
            ...(timezone ? { timezone } : {}),
          },
        })),
        ...lists([
          s.wholeYear,
          `start_date=${y}-01-15&end_date=${y}-01-15`,
          `start_date=${y}-01-16&end_date=${y}-01-31`,
          `starts_after=${y}-01-15 19:00&ends_before=${y}-01-20`,
          `ends_after=${y}-01-15&ends_before=${y}-01-17`,
        ]),
      ],
    };
  },

  (s) => {
    const y = s.year;
    return {
      name: 'events: pages, equal start times and search',
      steps: [
        {
          label: 'category',
          path: 'categories',
          as: 'admin',
          quiet: true,
          json: { name: s.named('Series') },
          save: { c: 'id' },
        },
        ...Array.from({ length: 12 }, (_, index): Step => ({
          label: `create ${index}`,
          path: 'events',
          as: 'admin',
          quiet: true,
          json: {
            title: s.named(`Same time ${String.fromCharCode(76 - index)}`),
            description: index % 3 === 0 ? 'with a trumpet' : 'with a violin',
            start_date: `${y}-10-0${1 + (index % 2)} 20:00:00`,
            end_date: `${y}-10-0${1 + (index % 2)} ${index % 4 === 0 ? '22' : '21'}:00:00`,
            categories: ['{c}'],
            featured: index % 5 === 0,
          },
        })),
        ...lists([
          `${s.wholeYear}&per_page=5`,
          `${s.wholeYear}&per_page=5&page=2`,
          `${s.wholeYear}&per_page=5&page=3`,
          `${s.wholeYear}&per_page=5&page=4`,
          `categories={c}&per_page=5&page=2&${s.wholeYear}`,
          `${s.wholeYear}&per_page=50`,
          `${s.wholeYear}&per_page=51`,
          `${s.wholeYear}&per_page=0`,
          `${s.wholeYear}&per_page=-1`,
          `${s.wholeYear}&per_page=junk`,
          `${s.wholeYear}&page=0`,
          `${s.wholeYear}&page=junk`,
          `${s.wholeYear}&search=trumpet`,
          `${s.wholeYear}&search=${s.mark}`,
          `${s.wholeYear}&search=Same time L`,
          `${s.wholeYear}&search=nothing matches this`,
          `${s.wholeYear}&search=Same -violin`,
          `${s.wholeYear}&search=`,
          `${s.wholeYear}&featured=true&per_page=2`,
          `${s.wholeYear}&featured=true&per_page=2&page=2`,
        ]),
      ],
    };
  },
];
