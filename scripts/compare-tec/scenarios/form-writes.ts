/**
 * Venues, organizers, categories and tags written through form bodies and form arrays, by each
 * role, and events trashed and updated by the roles that may and may not: the writes a WordPress
 * form or a PHP client sends, beside the JSON the other scenarios send.
 */
import type { Scenario, Step } from '../scenario.ts';
import type { Space } from './space.ts';

const ROLES = ['admin', 'editor1', 'author1', 'contributor1'] as const;

export const formWrites: ((s: Space) => Scenario)[] = [
  (s) => ({
    name: 'venues and organizers: form bodies by every role',
    steps: [
      ...ROLES.flatMap((as): Step[] => [
        {
          label: `${as} creates a venue by form`,
          path: 'venues',
          as,
          form: [
            ['venue', s.named(`Form venue ${as}`)],
            ['city', 'Paris'],
            ['country', 'France'],
            ['zip', '75001'],
          ],
        },
        {
          label: `${as} creates an organizer by form`,
          path: 'organizers',
          as,
          form: [
            ['organizer', s.named(`Form org ${as}`)],
            ['email', `${as}@org.example`],
            ['phone', '555-0123'],
          ],
        },
      ]),
      {
        label: 'venue with a form array where a text goes',
        path: 'venues',
        as: 'admin',
        form: [
          ['venue', s.named('Array venue')],
          ['city[]', 'Paris'],
        ],
      },
      {
        label: 'organizer with an empty name',
        path: 'organizers',
        as: 'admin',
        form: [['organizer', '']],
      },
      { label: 'venues as admin', path: `venues?search=${s.mark}`, as: 'admin' },
      { label: 'organizers as admin', path: `organizers?search=${s.mark}`, as: 'admin' },
      { label: 'venues as author', path: `venues?search=${s.mark}`, as: 'author1' },
    ],
  }),

  (s) => ({
    name: 'categories and tags: form bodies by every role',
    steps: [
      ...ROLES.flatMap((as): Step[] => [
        {
          label: `${as} creates a category by form`,
          path: 'categories',
          as,
          form: [
            ['name', s.named(`Form cat ${as}`)],
            ['description', 'By form'],
          ],
        },
        {
          label: `${as} creates a tag by form`,
          path: 'tags',
          as,
          form: [['name', s.named(`Form tag ${as}`)]],
        },
      ]),
      {
        label: 'category with a form array name',
        path: 'categories',
        as: 'admin',
        form: [['name[]', s.named('Array cat')]],
      },
      { label: 'categories', path: `categories?search=${s.mark}&hide_empty=false` },
      { label: 'tags', path: `tags?search=${s.mark}&hide_empty=false` },
    ],
  }),

  (s) => ({
    name: 'events: trashed and updated by every role',
    steps: [
      ...ROLES.map((as): Step => ({
        label: `admin creates one for ${as}`,
        path: 'events',
        as: 'admin',
        quiet: true,
        json: {
          title: s.named(`Owned ${as}`),
          start_date: s.at('05-01', '19:00'),
          end_date: s.at('05-01', '21:00'),
        },
        save: { [`o_${as}`]: 'id' },
      })),
      ...ROLES.flatMap((as): Step[] => [
        {
          label: `${as} updates the admin's event by form`,
          path: `events/{o_${as}}`,
          as,
          form: [['title', s.named(`Renamed by ${as}`)]],
        },
        {
          label: `${as} trashes the admin's event`,
          path: `events/{o_${as}}`,
          method: 'DELETE',
          as,
        },
      ]),
      {
        label: 'the year with the trash',
        path: `events?${s.wholeYear}&status=publish,trash`,
        as: 'admin',
      },
    ],
  }),
];
