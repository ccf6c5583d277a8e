/**
 * Password-protected events: who reads them, with and without the password, alone and in lists.
 */
import type { Scenario } from '../scenario.ts';
import type { Space } from './space.ts';

export const eventsProtected: ((s: Space) => Scenario)[] = [
  (s) => ({
    name: 'events: password protection',
    steps: [
      {
        label: 'venue',
        path: 'venues',
        as: 'admin',
        json: { venue: s.named('Secret Hall'), city: 'Oslo' },
        save: { v1: 'id' },
      },
      {
        label: 'create',
        path: 'events',
        as: 'admin',
        json: {
          title: s.named('Secret'),
          description: 'Hidden words',
          start_date: s.at('08-01', '20:00'),
          end_date: s.at('08-01', '22:00'),
          cost: '30',
          website: 'https://secret.example/',
          featured: true,
          venue: '{v1}',
          categories: [s.named('Private')],
        },
        save: { e1: 'id' },
      },
      {
        label: 'set the password',
        quiet: true,
        path: 'events/{e1}',
        as: 'admin',
        json: { password: 'open sesame' },
        site: { path: 'wp/v2/tribe_events/{e1}', json: { password: 'open sesame' } },
      },
      { label: 'read without the password', path: 'events/{e1}' },
      { label: 'read with a wrong password', path: 'events/{e1}?password=nope' },
      { label: 'read with the password', path: 'events/{e1}?password=open%20sesame' },
      { label: 'list redacts it', path: `events?${s.wholeYear}` },
      { label: 'list with the password', path: `events?${s.wholeYear}&password=open%20sesame` },
      { label: 'search its words, anonymous', path: `events?${s.wholeYear}&search=Hidden` },
      {
        label: 'search its words, editor',
        path: `events?${s.wholeYear}&search=Hidden`,
        as: 'editor1',
      },
      { label: 'editor reads it', path: 'events/{e1}', as: 'editor1' },
      {
        label: 'editor reads it in the edit context',
        path: 'events/{e1}?context=edit',
        as: 'editor1',
      },
      { label: 'list as editor', path: `events?${s.wholeYear}`, as: 'editor1' },
      { label: 'empty password', path: 'events/{e1}?password=' },
    ],
  }),
];
