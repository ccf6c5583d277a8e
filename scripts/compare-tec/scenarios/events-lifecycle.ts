/**
 * An event's life after its creation: updates (partial ones, by slug, PUT and PATCH, the method
 * override), the website shown after them, the trash, and password protection.
 */
import type { Scenario } from '../scenario.ts';
import type { Space } from './space.ts';

export const eventsLifecycle: ((s: Space) => Scenario)[] = [
  (s) => ({
    name: 'events: updates',
    steps: [
      {
        label: 'create',
        path: 'events',
        as: 'admin',
        json: {
          title: s.named('Update me'),
          start_date: s.at('02-01', '18:00'),
          end_date: s.at('02-01', '20:00'),
          cost: '10',
          website: 'https://own.example/',
          featured: true,
          show_map: true,
        },
        save: { e1: 'id' },
      },
      {
        label: 'full update',
        path: 'events/{e1}',
        as: 'admin',
        json: {
          title: s.named('Updated'),
          description: 'New words',
          start_date: s.at('02-02', '18:00'),
          end_date: s.at('02-02', '21:00'),
          cost: '12',
          website: 'https://own.example/2',
          featured: true,
          show_map: true,
          slug: s.named('new-slug').replace(' ', '-'),
        },
      },
      {
        label: 'partial update',
        path: 'events/{e1}',
        method: 'PATCH',
        as: 'admin',
        json: { title: s.named('Only the title') },
      },
      { label: 'read after the partial update', path: 'events/{e1}' },
      {
        label: 'PUT',
        path: 'events/{e1}',
        method: 'PUT',
        as: 'admin',
        json: {
          title: s.named('Put'),
          start_date: s.at('02-02', '18:00'),
          end_date: s.at('02-02', '21:00'),
          cost: '12',
          website: 'https://own.example/2',
          featured: true,
          show_map: true,
        },
      },
      {
        label: 'by slug',
        path: `events/by-slug/${s.named('new-slug').replace(' ', '-')}`,
        as: 'admin',
        json: {
          title: s.named('By slug'),
          start_date: s.at('02-02', '18:00'),
          end_date: s.at('02-02', '21:00'),
          cost: '12',
          website: 'https://own.example/2',
          featured: true,
          show_map: true,
        },
      },
      {
        label: 'method override header',
        path: 'events/{e1}',
        as: 'admin',
        headers: { 'x-http-method-override': 'PATCH' },
        json: {
          title: s.named('Override'),
          start_date: s.at('02-02', '18:00'),
          end_date: s.at('02-02', '21:00'),
          cost: '12',
          website: 'https://own.example/2',
          featured: true,
          show_map: true,
        },
      },
      {
        label: 'move to another zone',
        path: 'events/{e1}',
        as: 'admin',
        json: {
          title: s.named('Override'),
          start_date: s.at('02-02', '18:00'),
          end_date: s.at('02-02', '21:00'),
          timezone: 'Europe/Berlin',
          cost: '12',
          website: 'https://own.example/2',
          featured: true,
          show_map: true,
        },
      },
      {
        label: 'clear the terms and links',
        path: 'events/{e1}',
        as: 'admin',
        json: {
          title: s.named('Override'),
          start_date: s.at('02-02', '18:00'),
          end_date: s.at('02-02', '21:00'),
          timezone: 'Europe/Berlin',
          categories: '',
          tags: [],
          organizer: [],
          cost: '12',
          website: 'https://own.example/2',
          featured: true,
          show_map: true,
        },
      },
      { label: 'the year', path: `events?${s.wholeYear}` },
    ],
  }),

  (s) => ({
    name: 'events: the website shown with a public URL pattern',
    steps: [
      {
        label: 'create without a website',
        path: 'events',
        as: 'admin',
        json: {
          title: s.named('No site'),
          start_date: s.at('02-03'),
          end_date: s.at('02-03', '11:00'),
        },
        save: { e1: 'id' },
      },
      {
        label: 'create with an empty website',
        path: 'events',
        as: 'admin',
        json: {
          title: s.named('Empty site'),
          start_date: s.at('02-04'),
          end_date: s.at('02-04', '11:00'),
          website: '',
        },
      },
      { label: 'list after the create', path: `events?${s.wholeYear}` },
      { label: 'read by id after the create', path: 'events/{e1}' },
      { label: 'list after the read', path: `events?${s.wholeYear}` },
      {
        label: 'update without a website',
        path: 'events/{e1}',
        as: 'admin',
        json: {
          title: s.named('No site b'),
          start_date: s.at('02-03'),
          end_date: s.at('02-03', '11:00'),
        },
      },
      { label: 'read by id after the update', path: 'events/{e1}' },
      { label: 'list after the update', path: `events?${s.wholeYear}` },
      {
        label: 'update with a website',
        path: 'events/{e1}',
        as: 'admin',
        json: {
          title: s.named('No site b'),
          start_date: s.at('02-03'),
          end_date: s.at('02-03', '11:00'),
          website: 'https://mine.example/',
        },
      },
    ],
  }),

  (s) => ({
    name: 'events: the trash',
    steps: [
      {
        label: 'create',
        path: 'events',
        as: 'admin',
        json: {
          title: s.named('Doomed'),
          start_date: s.at('07-01'),
          end_date: s.at('07-01', '11:00'),
        },
        save: { e1: 'id' },
      },
      {
        label: 'create a second',
        path: 'events',
        as: 'admin',
        json: {
          title: s.named('Doomed too'),
          start_date: s.at('07-02'),
          end_date: s.at('07-02', '11:00'),
        },
        save: { e2: 'id' },
      },
      { label: 'trash', path: 'events/{e1}', method: 'DELETE', as: 'admin' },
      { label: 'trash again', path: 'events/{e1}', method: 'DELETE', as: 'admin' },
      { label: 'read the trashed', path: 'events/{e1}' },
      { label: 'read the trashed as admin', path: 'events/{e1}', as: 'admin' },
      {
        label: 'read the trashed by its old slug',
        path: `events/by-slug/${s.named('doomed').replace(' ', '-')}`,
        as: 'admin',
      },
      { label: 'list of the trash', path: `events?${s.wholeYear}&status=trash`, as: 'admin' },
      { label: 'list of the trash, anonymous', path: `events?${s.wholeYear}&status=trash` },
      { label: 'the year without the trash', path: `events?${s.wholeYear}`, as: 'admin' },
      {
        label: 'trash by slug',
        path: `events/by-slug/${s.named('doomed-too').replace(' ', '-')}`,
        method: 'DELETE',
        as: 'editor1',
      },
      {
        label: 'trash with force',
        path: 'events',
        as: 'admin',
        json: {
          title: s.named('Forced'),
          start_date: s.at('07-03'),
          end_date: s.at('07-03', '11:00'),
        },
        save: { e3: 'id' },
      },
      {
        label: 'delete with force=true',
        path: 'events/{e3}?force=true',
        method: 'DELETE',
        as: 'admin',
      },
      {
        label: 'update a trashed event',
        path: 'events/{e1}',
        as: 'admin',
        json: {
          title: s.named('Back'),
          start_date: s.at('07-01'),
          end_date: s.at('07-01', '11:00'),
        },
      },
      { label: 'the year after', path: `events?${s.wholeYear}&status=publish,trash`, as: 'admin' },
    ],
  }),
];
