/**
 * Lists of the whole site: played first and alone on a fresh site, against one Marquee, so both
 * hold the same records. The default window (yesterday to two years ahead) is read with events
 * dated from today.
 */
import type { Scenario, Step } from '../scenario.ts';
import { soon } from './space.ts';

const lists = (paths: string[], as: Step['as'] = 'anonymous'): Step[] =>
  paths.map((path) => ({ label: path, path, as }));

export const wholeSite: Scenario[] = [
  {
    name: 'whole site: empty lists',
    alone: true,
    steps: [
      ...lists([
        'events',
        'venues',
        'organizers',
        'categories',
        'tags',
        'events?page=2',
        'venues?page=2',
        'categories?page=2',
      ]),
      ...lists(['events', 'venues', 'categories?hide_empty=false'], 'admin'),
    ],
  },
  {
    name: 'whole site: the default window and every list',
    alone: true,
    steps: [
      ...[
        ['Two days ago', soon(-2), false],
        ['Yesterday', soon(-1), false],
        ['Today', soon(0), false],
        ['Tomorrow', soon(1), true],
        ['Next month', soon(30), false],
        ['Next year', soon(365), true],
        ['Past the window', soon(2 * 365 + 3), false],
      ].map(([title, day, featured]): Step => ({
        label: `create ${String(title)}`,
        path: 'events',
        as: 'admin',
        quiet: true,
        json: {
          title: `Window ${String(title)}`,
          start_date: `${String(day)} 12:00:00`,
          end_date: `${String(day)} 13:00:00`,
          featured,
          categories: ['Window cat'],
          tags: ['window-tag'],
          venue: { venue: 'Window Hall' },
          organizer: [{ organizer: 'Window Org' }],
        },
      })),
      {
        label: 'a draft',
        path: 'events',
        as: 'admin',
        quiet: true,
        json: {
          title: 'Window draft',
          start_date: `${soon(3)} 12:00:00`,
          end_date: `${soon(3)} 13:00:00`,
          status: 'draft',
        },
      },
      {
        label: 'empty category',
        path: 'categories',
        as: 'admin',
        quiet: true,
        json: { name: 'Empty cat' },
      },
      {
        label: 'draft venue',
        path: 'venues',
        as: 'admin',
        quiet: true,
        json: { venue: 'Draft Hall', status: 'draft' },
      },
      {
        label: 'lone organizer',
        path: 'organizers',
        as: 'admin',
        quiet: true,
        json: { organizer: 'Lone Org' },
      },
      ...lists([
        'events',
        'events?per_page=2',
        'events?per_page=2&page=2',
        'events?featured=true',
        'events?start_date=today',
        'events?end_date=tomorrow',
        'events?starts_after=yesterday',
        'events?ends_before=now',
        'venues',
        'venues?only_with_upcoming=true',
        'venues?has_events=true',
        'venues?has_events=false',
        'organizers',
        'organizers?per_page=1',
        'organizers?per_page=1&page=2',
        'categories',
        'categories?hide_empty=false',
        'tags',
      ]),
      ...lists(
        ['events', 'venues', 'venues?status=draft', 'organizers?status=publish,draft'],
        'admin',
      ),
    ],
  },
];
