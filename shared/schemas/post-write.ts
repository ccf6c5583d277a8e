/**
 * Body fields every post kind (event, venue, organizer) accepts on create and update, and the
 * list query venues and organizers share.
 */
import { z } from 'zod';
import { postStatusSchema } from './common.ts';
import {
  pagingParams,
  wpDateInput,
  wpNonEmptyString,
  wpPositiveInteger,
  wpStatusList,
  wpTruthy,
} from './wp-params.ts';

export const postWriteFields = {
  author: wpPositiveInteger.meta({
    description: 'The id of the user (access token) the record belongs to.',
  }),
  date: wpDateInput.meta({
    description: 'The publication date, in the calendar’s time zone: a date or a Unix timestamp.',
  }),
  date_utc: wpDateInput.meta({
    description: 'The publication date in UTC: a date or a Unix timestamp.',
  }),
  status: postStatusSchema.meta({
    description: 'The status. A contributor’s publish becomes pending.',
  }),
  /** Sanitized into a slug (WordPress cleans slugs rather than refusing them). */
  slug: z.string().max(200).meta({
    description: 'The slug, cleaned into lower-case letters, digits and dashes.',
  }),
  /** Extension: sets the record's password ("" removes it); TEC's API cannot. */
  password: z.string().max(255).meta({
    description: 'The password that protects the record ("" removes it). An extension of TEC.',
  }),
};

/** `GET /venues` and `GET /organizers`. */
export const linkedPostListQuerySchema = z.object({
  ...pagingParams,
  search: wpNonEmptyString.optional().meta({
    description: 'Records whose name, description or details contain every word of this text.',
  }),
  event: wpPositiveInteger.optional().meta({
    description: 'Only the records linked to this event (its id).',
  }),
  has_events: wpTruthy.optional().meta({
    description: 'true: only records linked to an event; false: only records linked to none.',
  }),
  only_with_upcoming: wpTruthy.default(false).meta({
    description: 'Only records linked to an event that has not started yet.',
  }),
  status: wpStatusList.optional().meta({
    description: 'Records with one of these statuses. Visitors may only ask for publish.',
  }),
  password: z.string().optional().meta({
    description: 'The password of protected records, to read their content.',
  }),
});

export type LinkedPostListQuery = z.infer<typeof linkedPostListQuerySchema>;
