/**
 * WordPress core's `wp/v2` routes over TEC's records, as headless site builders read them: an
 * event with its venue, organizer, category and tag, each read by id and listed by the
 * scenario's mark, `_fields`, `_embed` (all, or the terms only), `orderby` (relevance, the
 * slugs given, parent, title with a past event), and core's refusals (per_page, status, dates, a missing id, users/me
 * without a caller).
 */
import type { Scenario } from '../scenario.ts';
import type { Space } from './space.ts';

const wpV2 = (s: Space): Scenario => ({
  name: 'wp/v2: reads',
  steps: [
    {
      label: 'setup event',
      path: 'events',
      as: 'admin',
      quiet: true,
      json: {
        title: s.named('Jazz & Blues'),
        description: 'An evening of <em>jazz</em>.',
        start_date: s.at('03-01', '20:00'),
        end_date: s.at('03-01', '23:00'),
        cost: '€12',
        website: 'https://jazz.example/',
        venue: { venue: s.named('Hall'), city: 'Lyon', zip: '69001' },
        organizer: [{ organizer: s.named('Owls'), email: 'owls@owls.example' }],
        categories: [s.named('Music')],
        tags: [s.named('late')],
      },
      save: {
        e1: 'id',
        v1: 'venue.id',
        o1: 'organizer.0.id',
        c1: 'categories.0.id',
        t1: 'tags.0.id',
      },
    },
    { label: 'event', path: 'wp/v2/tribe_events/{e1}' },
    { label: 'events by mark', path: `wp/v2/tribe_events?search=${s.mark}` },
    { label: 'events by category', path: 'wp/v2/tribe_events?tribe_events_cat={c1}' },
    { label: 'event fields', path: 'wp/v2/tribe_events/{e1}?_fields=id,title,meta' },
    { label: 'venue', path: 'wp/v2/tribe_venue/{v1}' },
    { label: 'organizer', path: 'wp/v2/tribe_organizer/{o1}' },
    { label: 'event embedded', path: 'wp/v2/tribe_events/{e1}?_embed' },
    { label: 'venue embedded', path: 'wp/v2/tribe_venue/{v1}?_embed=1' },
    { label: 'organizer embedded', path: 'wp/v2/tribe_organizer/{o1}?_embed=true' },
    {
      label: 'events by mark, terms embedded',
      path: `wp/v2/tribe_events?search=${s.mark}&_embed=wp:term`,
    },
    { label: 'category', path: 'wp/v2/tribe_events_cat/{c1}' },
    { label: 'tag', path: 'wp/v2/tags/{t1}' },
    { label: 'categories by mark', path: `wp/v2/tribe_events_cat?search=${s.mark}` },
    {
      label: 'setup night',
      path: 'events',
      as: 'admin',
      quiet: true,
      json: {
        title: s.named('Night'),
        description: `Late jazz, ${s.mark}.`,
        start_date: s.at('03-03', '20:00'),
        end_date: s.at('03-03', '23:00'),
      },
    },
    {
      label: 'setup trio',
      path: 'events',
      as: 'admin',
      quiet: true,
      json: {
        title: `Jazz ${s.mark} Trio`,
        start_date: s.at('03-04', '20:00'),
        end_date: s.at('03-04', '23:00'),
      },
    },
    {
      label: 'by relevance',
      path: `wp/v2/tribe_events?search=jazz+${s.mark}&orderby=relevance&_fields=id`,
    },
    {
      label: 'by relevance, oldest first',
      path: `wp/v2/tribe_events?search=jazz+${s.mark}&orderby=relevance&order=asc&_fields=id`,
    },
    { label: 'relevance without a search', path: 'wp/v2/tribe_events?orderby=relevance' },
    {
      label: 'by the slugs given',
      path: `wp/v2/tribe_events?slug=jazz-${s.mark}-trio,night-${s.mark}&orderby=include_slugs&_fields=id`,
    },
    { label: 'by parent', path: 'wp/v2/tribe_events?include={e1}&orderby=parent&_fields=id' },
    { label: 'an unknown order', path: 'wp/v2/tribe_events?orderby=menu_order' },
    {
      label: 'setup past',
      path: 'events',
      as: 'admin',
      quiet: true,
      json: {
        title: s.named('Archive'),
        start_date: '2025-03-06 20:00:00',
        end_date: '2025-03-06 23:00:00',
      },
    },
    {
      label: 'events by mark with a past one, by title',
      path: `wp/v2/tribe_events?search=${s.mark}&orderby=title&order=asc&_fields=id`,
    },
    { label: 'per_page above 100', path: 'wp/v2/tribe_events?per_page=101' },
    { label: 'drafts to the public', path: 'wp/v2/tribe_events?status=draft' },
    { label: 'not a date', path: 'wp/v2/tribe_events?modified_after=yesterday' },
    { label: 'no such event', path: 'wp/v2/tribe_events/99999999' },
    { label: 'no such category', path: 'wp/v2/tribe_events_cat/99999999' },
    { label: 'who am I, anonymous', path: 'wp/v2/users/me' },
    { label: 'event to its editor', path: 'wp/v2/tribe_events/{e1}', as: 'admin' },
    { label: 'who am I, an editor', path: 'wp/v2/users/me', as: 'editor1' },
    {
      label: 'new title',
      path: 'wp/v2/tribe_events/{e1}',
      method: 'PATCH',
      as: 'admin',
      json: { title: s.named('Jazz again') },
    },
    {
      label: 'new start',
      path: 'wp/v2/tribe_events/{e1}',
      method: 'PATCH',
      as: 'admin',
      json: {
        meta: { _EventStartDate: s.at('03-02', '21:00'), _EventEndDate: s.at('03-02', '23:00') },
      },
    },
    { label: 'after the writes', path: 'wp/v2/tribe_events/{e1}' },
    {
      label: 'venue renamed',
      path: 'wp/v2/tribe_venue/{v1}',
      method: 'PATCH',
      as: 'admin',
      json: { title: s.named('Great Hall') },
    },
    {
      label: 'new category',
      path: 'wp/v2/tribe_events_cat',
      as: 'admin',
      json: { name: s.named('Opera'), parent: '{c1}' },
      save: { c2: 'id' },
    },
    {
      label: 'category renamed',
      path: 'wp/v2/tribe_events_cat/{c2}',
      method: 'PATCH',
      as: 'admin',
      json: { name: s.named('Grand Opera') },
    },
    {
      label: 'category to the trash',
      path: 'wp/v2/tribe_events_cat/{c2}',
      method: 'DELETE',
      as: 'admin',
    },
    {
      label: 'category deleted for good',
      path: 'wp/v2/tribe_events_cat/{c2}?force=true',
      method: 'DELETE',
      as: 'admin',
    },
    { label: 'trash', path: 'wp/v2/tribe_events/{e1}', method: 'DELETE', as: 'admin' },
    {
      label: 'delete for good',
      path: 'wp/v2/tribe_events/{e1}?force=true',
      method: 'DELETE',
      as: 'admin',
    },
  ],
});

export const wpV2Scenarios = [wpV2];
