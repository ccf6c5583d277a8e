/** Term wire shapes for tests, and a helper to create terms through the API. */
import { expect } from 'vitest';
import {
  tecCategoryListSchema,
  tecTagListSchema,
  tecTermSchema,
  type TecTerm,
} from '#shared/tec/term.ts';
import type { Caller, Reply, TestServer } from './test-server.ts';

export const termOf = (reply: Reply) => tecTermSchema.parse(reply.body);

export function termListOf(reply: Reply, plural: 'categories' | 'tags') {
  const page = (plural === 'categories' ? tecCategoryListSchema : tecTagListSchema).parse(
    reply.body,
  );
  return {
    ...page,
    categories: 'categories' in page ? page.categories : [],
    tags: 'tags' in page ? page.tags : [],
  };
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
