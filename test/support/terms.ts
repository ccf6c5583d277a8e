/** Term wire shapes for tests, and a helper to create terms through the API. */
import { expect } from 'vitest';
import { z } from 'zod';
import { languageSchema } from '#shared/languages.ts';
import { listEnvelopeShape } from '#shared/tec/envelope.ts';
import type { Caller, Reply, TestServer } from './test-server.ts';

const urlsSchema = z.strictObject({
  self: z.string(),
  collection: z.string(),
  up: z.string().optional(),
});

/** Shape (b) of tec-rest-v1 §2.4, plus `_links` on single reads and our language keys. */
export const tecTermSchema = z.strictObject({
  id: z.int().positive(),
  count: z.int().nonnegative(),
  description: z.string(),
  name: z.string(),
  slug: z.string(),
  taxonomy: z.enum(['tribe_events_cat', 'post_tag']),
  parent: z.int().nonnegative().optional(),
  meta: z.array(z.never()),
  url: z.string(),
  urls: urlsSchema,
  language: languageSchema,
  translations: z.array(languageSchema),
  _links: z.record(z.string(), z.array(z.looseObject({ href: z.string() }))).optional(),
});

export type TecTerm = z.infer<typeof tecTermSchema>;

export const termOf = (reply: Reply) => tecTermSchema.parse(reply.body);

export function termListOf(reply: Reply, plural: 'categories' | 'tags') {
  return z
    .strictObject({ [plural]: z.array(tecTermSchema), ...listEnvelopeShape })
    .parse(reply.body) as {
    total: number;
    total_pages: number;
    next_rest_url?: string;
    previous_rest_url?: string;
    rest_url: string;
  } & Record<'categories' | 'tags', TecTerm[]>;
}

export async function createTerm(
  server: TestServer,
  plural: 'categories' | 'tags',
  body: Record<string, unknown>,
  as: Caller = 'owner',
): Promise<TecTerm> {
  const reply = await server.api(`/${plural}`, { as, json: body });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return termOf(reply);
}
