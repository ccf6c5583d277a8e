/**
 * Venues and organizers: create (duplicate names), read by id and slug, update, trash, roles,
 * and their lists narrowed to the scenario's own records (`search` by its mark, `event`).
 */
import type { Scenario } from '../scenario.ts';
import type { Space } from './space.ts';

type LinkedPostCase = {
  plural: 'venues' | 'organizers';
  name: 'venue' | 'organizer';
  fields: Record<string, unknown>;
};

const KINDS: LinkedPostCase[] = [
  {
    plural: 'venues',
    name: 'venue',
    fields: {
      address: '5 Rue X',
      city: 'Lyon',
      country: 'France',
      province: 'Rhone',
      zip: '69001',
      phone: '+33 1',
      website: 'https://lieu.example/',
      show_map: 'false',
    },
  },
  {
    plural: 'organizers',
    name: 'organizer',
    fields: { phone: '555-0111', website: 'https://org.example/', email: 'org@org.example' },
  },
];

const writes =
  (kind: LinkedPostCase) =>
  (s: Space): Scenario => {
    const { plural, name } = kind;
    const slug = (text: string) => s.named(text).toLowerCase().replace(/ /g, '-');
    return {
      name: `${plural}: writes and reads`,
      steps: [
        { label: 'anonymous create', path: plural, json: { [name]: s.named('Anon') } },
        { label: 'empty name', path: plural, as: 'admin', json: { [name]: '' } },
        { label: 'no name', path: plural, as: 'admin', json: { description: 'x' } },
        {
          label: 'create with every field',
          path: plural,
          as: 'admin',
          json: { [name]: s.named('Main'), description: 'About <em>it</em>', ...kind.fields },
          save: { r1: 'id' },
        },
        {
          label: 'the same name again',
          path: plural,
          as: 'editor1',
          json: { [name]: s.named('main'), phone: '1' },
        },
        {
          label: 'form create',
          path: plural,
          as: 'admin',
          form: [
            [name, s.named('Form')],
            ['phone', '42'],
          ],
          save: { r2: 'id' },
        },
        {
          label: 'contributor creates',
          path: plural,
          as: 'contributor1',
          json: { [name]: s.named('Contrib') },
          save: { r3: 'id' },
        },
        {
          label: 'draft',
          path: plural,
          as: 'admin',
          json: { [name]: s.named('Draft'), status: 'draft' },
          save: { r4: 'id' },
        },
        { label: 'read', path: `${plural}/{r1}` },
        { label: 'read as admin', path: `${plural}/{r1}`, as: 'admin' },
        { label: 'read by slug', path: `${plural}/by-slug/${slug('Main')}` },
        { label: 'read a draft', path: `${plural}/{r4}` },
        { label: 'read a draft as editor', path: `${plural}/{r4}`, as: 'editor1' },
        { label: 'read the contributor’s', path: `${plural}/{r3}` },
        { label: 'read unknown', path: `${plural}/999999` },
        { label: 'read unknown slug', path: `${plural}/by-slug/nothing-${s.mark}` },
        { label: 'read non-number', path: `${plural}/abc` },
        {
          label: 'update',
          path: `${plural}/{r1}`,
          as: 'admin',
          json: { phone: '', website: 'https://new.example/' },
        },
        {
          label: 'update by slug',
          path: `${plural}/by-slug/${slug('Main')}`,
          as: 'admin',
          json: { description: 'Changed' },
        },
        {
          label: 'update with an empty name',
          path: `${plural}/{r1}`,
          as: 'admin',
          json: { [name]: '' },
        },
        {
          label: 'contributor updates an admin’s',
          path: `${plural}/{r1}`,
          as: 'contributor1',
          json: { phone: '9' },
        },
        {
          label: 'contributor updates its own',
          path: `${plural}/{r3}`,
          as: 'contributor1',
          json: { phone: '9' },
        },
        { label: 'anonymous update', path: `${plural}/{r1}`, json: { phone: '9' } },
        {
          label: 'an event with it',
          path: 'events',
          as: 'admin',
          json: {
            title: s.named('With it'),
            start_date: s.at('11-01'),
            end_date: s.at('11-01', '11:00'),
            [name]: name === 'venue' ? '{r1}' : ['{r1}'],
          },
          save: { e1: 'id' },
        },
        { label: 'its list by event', path: `${plural}?event={e1}` },
        { label: 'its list by an unknown event', path: `${plural}?event=999999` },
        { label: 'its list by a junk event', path: `${plural}?event=junk` },
        { label: 'its list by mark', path: `${plural}?search=${s.mark}` },
        { label: 'its list by mark as admin', path: `${plural}?search=${s.mark}`, as: 'admin' },
        {
          label: 'its list by mark, pages',
          path: `${plural}?search=${s.mark}&per_page=2&page=2`,
          as: 'admin',
        },
        { label: 'its list by mark, past the end', path: `${plural}?search=${s.mark}&page=9` },
        { label: 'its list with events', path: `${plural}?search=${s.mark}&has_events=true` },
        { label: 'its list without events', path: `${plural}?search=${s.mark}&has_events=false` },
        {
          label: 'its list with upcoming events',
          path: `${plural}?search=${s.mark}&only_with_upcoming=true`,
        },
        {
          label: 'its list of drafts',
          path: `${plural}?search=${s.mark}&status=draft`,
          as: 'admin',
        },
        { label: 'drafts, anonymous', path: `${plural}?search=${s.mark}&status=draft` },
        {
          label: 'search by a field',
          path: `${plural}?search=${s.mark}%20${name === 'venue' ? 'Lyon' : 'org.example'}`,
        },
        { label: 'trash', path: `${plural}/{r2}`, method: 'DELETE', as: 'admin' },
        { label: 'trash again', path: `${plural}/{r2}`, method: 'DELETE', as: 'admin' },
        { label: 'read the trashed', path: `${plural}/{r2}` },
        { label: 'trash unknown', path: `${plural}/999999`, method: 'DELETE', as: 'admin' },
        { label: 'anonymous trash', path: `${plural}/{r1}`, method: 'DELETE' },
        {
          label: 'contributor trashes an admin’s',
          path: `${plural}/{r1}`,
          method: 'DELETE',
          as: 'contributor1',
        },
        { label: 'trash the linked one', path: `${plural}/{r1}`, method: 'DELETE', as: 'admin' },
        { label: 'the event after', path: 'events/{e1}' },
      ],
    };
  };

export const linkedPosts: ((s: Space) => Scenario)[] = KINDS.map(writes);
