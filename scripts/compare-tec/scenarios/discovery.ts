/**
 * The namespace index (plain and `?context=help`), `/doc`, and what every request can carry:
 * languages (Marquee's own: `language`, `lang`, the `/{lang}/` roots) and the method override.
 */
import type { Scenario, Step } from '../scenario.ts';
import type { Space } from './space.ts';

export const discovery: ((s: Space) => Scenario)[] = [
  () => ({
    name: 'discovery: the index, its help and /doc',
    steps: [
      { label: 'index', path: 'tribe/events/v1' },
      { label: 'index with a slash', path: 'tribe/events/v1/' },
      { label: 'index help', path: 'tribe/events/v1?context=help' },
      { label: 'index as admin', path: 'tribe/events/v1', as: 'admin' },
      { label: 'doc', path: 'doc' },
      { label: 'unknown route', path: 'nothing' },
      { label: 'unknown method', path: 'doc', method: 'DELETE' },
      { label: 'events route with a bad method', path: 'events', method: 'DELETE', as: 'admin' },
    ],
  }),

  (s) => ({
    name: 'languages: Marquee’s own parameter and roots',
    steps: [
      {
        label: 'create in English',
        path: 'events',
        as: 'admin',
        json: {
          title: s.named('Concert'),
          start_date: s.at('05-05'),
          end_date: s.at('05-05', '11:00'),
        },
        save: { e1: 'id' },
      },
      {
        label: 'write German',
        path: 'events/{e1}?language=de',
        as: 'admin',
        json: { title: s.named('Konzert') },
      },
      { label: 'read German', path: 'events/{e1}?language=de' },
      { label: 'read German by lang', path: 'events/{e1}?lang=de' },
      { label: 'read an unknown language', path: 'events/{e1}?language=xx' },
      { label: 'read German by root', path: 'tribe/events/v1/events/{e1}', root: '/de' },
      { label: 'list in German', path: `events?${s.wholeYear}&language=de` },
      { label: 'read English', path: 'events/{e1}' },
    ],
  }),

  (s) => ({
    name: 'requests: method override and bodies',
    steps: [
      {
        label: 'create',
        path: 'events',
        as: 'admin',
        json: {
          title: s.named('Overridden'),
          start_date: s.at('04-04'),
          end_date: s.at('04-04', '11:00'),
        },
        save: { e1: 'id' },
      },
      { label: '_method=DELETE', path: 'events/{e1}?_method=DELETE', method: 'POST', as: 'admin' },
      {
        label: 'override header DELETE',
        path: 'events',
        as: 'admin',
        json: {
          title: s.named('Overridden 2'),
          start_date: s.at('04-05'),
          end_date: s.at('04-05', '11:00'),
        },
        save: { e2: 'id' },
      },
      {
        label: 'X-HTTP-Method-Override: DELETE',
        path: 'events/{e2}',
        method: 'POST',
        as: 'admin',
        headers: { 'x-http-method-override': 'DELETE' },
      },
      {
        label: 'wrong password',
        path: 'events',
        headers: { authorization: 'Basic YWRtaW46d3Jvbmc=' },
      },
      {
        label: 'JSON array body',
        path: 'events',
        as: 'admin',
        json: [1, 2],
      },
      {
        label: 'form body with an unknown field',
        path: 'events',
        as: 'admin',
        form: [
          ['title', s.named('Unknown field')],
          ['start_date', s.at('04-06')],
          ['end_date', s.at('04-06', '11:00')],
          ['colour', 'red'],
        ],
      },
    ] satisfies Step[],
  }),
];
