/** `GET marquee/v1/health`: what the server says about itself and the calendar it serves. */
import { z } from 'zod';
import { languageSchema } from '../languages.ts';
import { currencySchema } from './settings.ts';

export const recordCountsSchema = z.object({
  events: z.int().nonnegative(),
  venues: z.int().nonnegative(),
  organizers: z.int().nonnegative(),
  categories: z.int().nonnegative(),
  tags: z.int().nonnegative(),
});

export type RecordCounts = z.infer<typeof recordCountsSchema>;

export const healthSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  /** The calendar's name (Settings → Calendar). */
  name: z.string(),
  timezone: z.string(),
  defaultLanguage: languageSchema,
  /** How a cost that names no currency is shown (the editor shows it as the API will). */
  currency: currencySchema,
  /** Whether drafts and pending events hold their venue (the editor's clash checks follow it). */
  clashHolds: z.boolean(),
  languages: z.array(languageSchema),
  /** Published records of each kind. */
  counts: recordCountsSchema,
});

export type Health = z.infer<typeof healthSchema>;
