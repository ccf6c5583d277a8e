/**
 * Featured events: the flag through every way a body may say yes, and the lists that count
 * them beside hidden, protected, draft and trashed ones.
 */
import type { Scenario, Step } from '../scenario.ts';
import type { Space } from './space.ts';

export const featured: ((s: Space) => Scenario)[] = [
  (s) => {
    const day = (n: number) => s.at(`04-${String(n).padStart(2, '0')}`, '19:00');
    const end = (n: number) => s.at(`04-${String(n).padStart(2, '0')}`, '21:00');
    const json = (
      n: number,
      title: string,
      extra: Record<string, unknown>,
      save?: string,
    ): Step => ({
      label: `create ${title}`,
      path: 'events',
      as: 'admin',
      json: { title: s.named(title), start_date: day(n), end_date: end(n), ...extra },
      ...(save ? { save: { [save]: 'id' } } : {}),
    });
    const form = (n: number, title: string, value: string): Step => ({
      label: `create ${title}`,
      path: 'events',
      as: 'admin',
      form: [
        ['title', s.named(title)],
        ['start_date', day(n)],
        ['end_date', end(n)],
        ['featured', value],
      ],
    });
    return {
      name: 'events: featured ones and how lists count them',
      steps: [
        json(1, 'JSON true', { featured: true }),
        json(2, 'JSON string', { featured: 'true' }),
        json(3, 'JSON one', { featured: 1 }),
        form(4, 'Form one', '1'),
        form(5, 'Form yes', 'yes'),
        form(6, 'Form on', 'on'),
        form(7, 'Form false', 'false'),
        json(8, 'Hidden', { featured: true, hide_from_listings: true }),
        json(9, 'Draft', { featured: true, status: 'draft' }),
        json(10, 'Trashed', { featured: true }, 'trashed'),
        { label: 'trash it', path: 'events/{trashed}', method: 'DELETE', as: 'admin', quiet: true },
        json(11, 'Sticky', { featured: true, sticky: true }),
        json(12, 'All day', { featured: true, all_day: true }),
        json(13, 'Plain', {}),
        ...[
          `${s.wholeYear}&featured=true`,
          `${s.wholeYear}&featured=1`,
          `${s.wholeYear}&featured=yes`,
          `${s.wholeYear}&featured=false`,
          `${s.wholeYear}&featured=0`,
        ].flatMap((query): Step[] => [
          { label: `${query}, anonymous`, path: `events?${query}` },
          { label: `${query}, admin`, path: `events?${query}`, as: 'admin' },
        ]),
      ],
    };
  },
];
