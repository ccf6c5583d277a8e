/**
 * Access tokens for website builds and scripts, as the settings screen manages them through
 * `marquee/v1/tokens`. A token's secret is shown once, when it is created.
 */
import { z } from 'zod';
import { dateTimeSchema, roleSchema } from './common.ts';

export const accessTokenSchema = z.object({
  id: z.int().positive(),
  name: z.string(),
  role: roleSchema,
  created: dateTimeSchema,
  /** When it was revoked (UTC); null while it works. */
  revoked: dateTimeSchema.nullable(),
});

export type AccessToken = z.infer<typeof accessTokenSchema>;

export const tokenCreateSchema = z.object({
  name: z.string().trim().min(1).max(100),
  role: roleSchema.default('editor'),
});

/** The answer to a create: the token's record and, this once, its secret. */
export const createdTokenSchema = accessTokenSchema.extend({ token: z.string() });

export type CreatedToken = z.infer<typeof createdTokenSchema>;
