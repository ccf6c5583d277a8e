/**
 * The parameters of `wp/v2`'s post collections (wp-posts.routes.ts): a list's (WP_Query's
 * filters, order and statuses; an event list's categories and tags too) and one record's.
 */
import { z } from 'zod';
import { POST_STATUSES } from '#shared/schemas/common.ts';
import { splitList, wpIdList, wpPositiveInteger } from '#shared/schemas/wp-params.ts';
import { wpEnumArg, wpListArgs } from './wp-params.ts';

/** What a list may be sorted by, as core names it. */
export const ORDERS = [
  'author',
  'date',
  'id',
  'include',
  'modified',
  'parent',
  'relevance',
  'slug',
  'include_slugs',
  'title',
] as const;

const statusList = z.preprocess(splitList, z.array(z.enum([...POST_STATUSES, 'any'])).min(1));

export const listArgs = z.object({
  ...wpListArgs,
  after: z.unknown().optional().meta({
    description: 'Published after this date (RFC 3339).',
    type: 'string',
    format: 'date-time',
  }),
  before: z.unknown().optional().meta({
    description: 'Published before this date (RFC 3339).',
    type: 'string',
    format: 'date-time',
  }),
  modified_after: z.unknown().optional().meta({
    description: 'Modified after this date (RFC 3339).',
    type: 'string',
    format: 'date-time',
  }),
  modified_before: z.unknown().optional().meta({
    description: 'Modified before this date (RFC 3339).',
    type: 'string',
    format: 'date-time',
  }),
  author: wpIdList.optional().meta({ description: 'Records by these authors.' }),
  order: z.enum(['asc', 'desc']).default('desc').meta({ description: 'Sort direction.' }),
  orderby: wpEnumArg(ORDERS, 'date', 'What to sort by.'),
  status: statusList.optional().meta({ description: 'Records with these statuses (or any).' }),
  password: z.string().optional().meta({ description: 'The password of protected records.' }),
});

export const eventListArgs = listArgs.extend({
  tribe_events_cat: wpIdList.optional().meta({ description: 'Events in these categories.' }),
  tags: wpIdList.optional().meta({ description: 'Events with these tags.' }),
});

export const oneArgs = z.object({
  id: wpPositiveInteger,
  context: wpListArgs.context,
  password: z.string().optional().meta({ description: 'The password, when it is protected.' }),
  _fields: wpListArgs._fields,
  _embed: wpListArgs._embed,
});
