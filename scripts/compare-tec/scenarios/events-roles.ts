/**
 * Writes by every role, and the writes TEC refuses: who may create, update and delete which
 * event, and the errors of bodies it cannot take.
 */
import type { Scenario } from '../scenario.ts';
import type { Space } from './space.ts';

export const eventsRoles: ((s: Space) => Scenario)[] = [
  (s) => ({
    name: 'events: every role writes',
    steps: [
      {
        label: 'anonymous create',
        path: 'events',
        json: {
          title: s.named('Anon'),
          start_date: s.at('05-01'),
          end_date: s.at('05-01', '11:00'),
        },
      },
      ...(['contributor1', 'author1', 'editor1', 'admin'] as const).flatMap((user) => [
        {
          label: `${user} creates, asking to publish`,
          path: 'events',
          as: user,
          json: {
            title: s.named(`By ${user}`),
            start_date: s.at('05-02'),
            end_date: s.at('05-02', '11:00'),
            status: 'publish',
          },
          save: { [`p_${user}`]: 'id' },
        },
        {
          label: `${user} creates without a status`,
          path: 'events',
          as: user,
          json: {
            title: s.named(`Plain ${user}`),
            start_date: s.at('05-03'),
            end_date: s.at('05-03', '11:00'),
          },
          save: { [`d_${user}`]: 'id' },
        },
        {
          label: `${user} creates a draft`,
          path: 'events',
          as: user,
          json: {
            title: s.named(`Draft ${user}`),
            start_date: s.at('05-04'),
            end_date: s.at('05-04', '11:00'),
            status: 'draft',
          },
          save: { [`dr_${user}`]: 'id' },
        },
        {
          label: `${user} names new terms in a form body`,
          path: 'events',
          as: user,
          form: [
            ['title', s.named(`Termed ${user}`)],
            ['start_date', s.at('05-05')],
            ['end_date', s.at('05-05', '11:00')],
            ['categories[]', s.named(`Cat of ${user}`)],
            ['tags[]', s.named(`tag of ${user}`)],
          ],
        },
      ]),
      { label: 'the categories they named', path: `categories?search=${s.mark}&hide_empty=false` },
      { label: 'the tags they named', path: `tags?search=${s.mark}&hide_empty=false` },
      {
        label: 'contributor reads its draft',
        path: 'events/{dr_contributor1}',
        as: 'contributor1',
      },
      { label: 'anonymous reads a draft', path: 'events/{dr_contributor1}' },
      { label: 'author reads the admin draft', path: 'events/{dr_admin}', as: 'author1' },
      { label: 'editor reads the admin draft', path: 'events/{dr_admin}', as: 'editor1' },
      {
        label: 'contributor updates its draft',
        path: 'events/{dr_contributor1}',
        as: 'contributor1',
        json: {
          title: s.named('Draft contributor1 b'),
          start_date: s.at('05-04'),
          end_date: s.at('05-04', '11:00'),
        },
      },
      {
        label: 'contributor updates an admin event',
        path: 'events/{p_admin}',
        as: 'contributor1',
        json: { title: 'Nope', start_date: s.at('05-04'), end_date: s.at('05-04', '11:00') },
      },
      {
        label: 'author updates an editor event',
        path: 'events/{p_editor1}',
        as: 'author1',
        json: { title: 'Nope', start_date: s.at('05-04'), end_date: s.at('05-04', '11:00') },
      },
      {
        label: 'editor updates an admin event',
        path: 'events/{p_admin}',
        as: 'editor1',
        json: {
          title: s.named('By admin b'),
          start_date: s.at('05-02'),
          end_date: s.at('05-02', '11:00'),
          status: 'publish',
        },
      },
      {
        label: 'contributor deletes an admin event',
        path: 'events/{p_admin}',
        method: 'DELETE',
        as: 'contributor1',
      },
      {
        label: 'contributor deletes its draft',
        path: 'events/{dr_contributor1}',
        method: 'DELETE',
        as: 'contributor1',
      },
      { label: 'anonymous deletes', path: 'events/{p_admin}', method: 'DELETE' },
      { label: 'anonymous updates', path: 'events/{p_admin}', json: { title: 'x' } },
      ...(['anonymous', 'contributor1', 'author1', 'editor1', 'admin'] as const).map((user) => ({
        label: `the year as ${user}`,
        path: `events?${s.wholeYear}&per_page=50`,
        as: user,
      })),
    ],
  }),

  (s) => ({
    name: 'events: refused writes',
    steps: [
      {
        label: 'no title',
        path: 'events',
        as: 'admin',
        json: { start_date: s.at('06-01'), end_date: s.at('06-01') },
      },
      {
        label: 'empty title',
        path: 'events',
        as: 'admin',
        json: { title: '', start_date: s.at('06-01'), end_date: s.at('06-01') },
      },
      { label: 'no dates', path: 'events', as: 'admin', json: { title: s.named('No dates') } },
      {
        label: 'junk date',
        path: 'events',
        as: 'admin',
        json: { title: s.named('Junk'), start_date: 'not a date', end_date: s.at('06-01') },
      },
      {
        label: 'unknown author',
        path: 'events',
        as: 'admin',
        json: {
          title: s.named('Author'),
          start_date: s.at('06-01'),
          end_date: s.at('06-01'),
          author: 23,
        },
      },
      {
        label: 'bad website',
        path: 'events',
        as: 'admin',
        json: {
          title: s.named('Web'),
          start_date: s.at('06-01'),
          end_date: s.at('06-01'),
          website: 'foo',
        },
      },
      {
        label: 'unknown status',
        path: 'events',
        as: 'admin',
        json: {
          title: s.named('Status'),
          start_date: s.at('06-01'),
          end_date: s.at('06-01'),
          status: 'foo',
        },
      },
      {
        label: 'unknown venue',
        path: 'events',
        as: 'admin',
        json: {
          title: s.named('Venue'),
          start_date: s.at('06-01'),
          end_date: s.at('06-01'),
          venue: 999999,
        },
      },
      {
        label: 'unknown organizer',
        path: 'events',
        as: 'admin',
        json: {
          title: s.named('Org'),
          start_date: s.at('06-01'),
          end_date: s.at('06-01'),
          organizer: [999999],
        },
      },
      {
        label: 'bad time zone',
        path: 'events',
        as: 'admin',
        json: {
          title: s.named('Zone'),
          start_date: s.at('06-01'),
          end_date: s.at('06-01'),
          timezone: 'Mars/Base',
        },
      },
      {
        label: 'bad date',
        path: 'events',
        as: 'admin',
        json: {
          title: s.named('Date'),
          start_date: s.at('06-01'),
          end_date: s.at('06-01'),
          date: 'foo',
        },
      },
      {
        label: 'junk JSON',
        path: 'events',
        as: 'admin',
        headers: { 'content-type': 'application/json' },
        form: [['{', '']],
      },
      { label: 'unknown id', path: 'events/999999', as: 'admin', json: { title: 'x' } },
      { label: 'read unknown id', path: 'events/999999' },
      { label: 'read id 0', path: 'events/0' },
      { label: 'read a non-number', path: 'events/abc' },
      { label: 'read unknown slug', path: `events/by-slug/${s.mark}-nothing` },
      {
        label: 'update unknown slug',
        path: `events/by-slug/${s.mark}-nothing`,
        as: 'admin',
        json: { title: 'x' },
      },
      { label: 'delete unknown id', path: 'events/999999', method: 'DELETE', as: 'admin' },
      {
        label: 'delete unknown slug',
        path: `events/by-slug/${s.mark}-nothing`,
        method: 'DELETE',
        as: 'admin',
      },
      {
        label: 'venue',
        path: 'venues',
        as: 'admin',
        json: { venue: s.named('Not an event') },
        save: { v1: 'id' },
      },
      { label: 'read a venue as an event', path: 'events/{v1}' },
      {
        label: 'update a venue as an event',
        path: 'events/{v1}',
        as: 'admin',
        json: { title: 'x' },
      },
      { label: 'delete a venue as an event', path: 'events/{v1}', method: 'DELETE', as: 'admin' },
    ],
  }),
];
