/**
 * Wire shapes common to every TEC resource: the WordPress error envelope, image objects and
 * the list envelope fields. Contract tests and API clients parse responses with these.
 */
import { z } from 'zod';

export const errorEnvelopeSchema = z.object({
  code: z.string(),
  message: z.string(),
  data: z.looseObject({ status: z.int() }),
});

export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/**
 * TEC's image object. We have no media library: images are URLs, so only `url`, `id` (0: no
 * attachment) and `extension` appear, which TEC also does when metadata is incomplete.
 */
export const tecImageSchema = z.object({
  url: z.string(),
  id: z.int(),
  extension: z.string(),
});

export const dateDetailsSchema = z.object({
  year: z.string(),
  month: z.string(),
  day: z.string(),
  hour: z.string(),
  minutes: z.string(),
  seconds: z.string(),
});

/** The paging keys of every collection response (`events`, `venues`, … hold the items). */
export const listEnvelopeShape = {
  rest_url: z.string(),
  next_rest_url: z.string().optional(),
  previous_rest_url: z.string().optional(),
  total: z.int().nonnegative(),
  total_pages: z.int().nonnegative(),
};
