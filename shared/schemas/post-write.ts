/**
 * Body fields every post kind (event, venue, organizer) accepts on create and update, and the
 * list query venues and organizers share (tec-rest-v1 §3.2, §5).
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
  author: wpPositiveInteger,
  date: wpDateInput,
  date_utc: wpDateInput,
  status: postStatusSchema,
  /** Sanitized into a slug (WordPress cleans slugs rather than refusing them). */
  slug: z.string().max(200),
  /** Extension: sets the record's password ("" removes it); TEC's API cannot. */
  password: z.string().max(255),
};

/** `GET /venues` and `GET /organizers`. */
export const linkedPostListQuerySchema = z.object({
  ...pagingParams,
  search: wpNonEmptyString.optional(),
  event: wpPositiveInteger.optional(),
  has_events: wpTruthy.optional(),
  only_with_upcoming: wpTruthy.default(false),
  status: wpStatusList.optional(),
  password: z.string().optional(),
});

export type LinkedPostListQuery = z.infer<typeof linkedPostListQuerySchema>;
