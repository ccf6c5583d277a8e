/**
 * An organizer as `tribe/events/v1` sends it: falsy values dropped, then
 * global ids appended; no show_map keys and no rest_url. Plus `language` and `translations`.
 */
import { z } from 'zod';
import { listEnvelopeShape } from './envelope.ts';
import {
  optionalText,
  tecIdentityShape,
  tecLanguageShape,
  tecLinkedPostHeadShape,
  tecLinkedPostTextsShape,
} from './post-fields.ts';

export const tecOrganizerSchema = z.strictObject({
  ...tecLinkedPostHeadShape,
  organizer: optionalText,
  ...tecLinkedPostTextsShape,
  phone: optionalText,
  website: optionalText,
  email: optionalText,
  json_ld: z.looseObject({ '@type': z.literal('Person') }).optional(),
  ...tecIdentityShape,
  ...tecLanguageShape,
});

export type TecOrganizer = z.infer<typeof tecOrganizerSchema>;

export const tecOrganizerListSchema = z.strictObject({
  organizers: z.array(tecOrganizerSchema),
  ...listEnvelopeShape,
});
