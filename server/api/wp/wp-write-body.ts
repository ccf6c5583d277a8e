/** What every `wp/v2` post write takes: core's post fields, and the helpers that read them. */
import { z } from 'zod';
import { wpBoolean, wpPositiveInteger } from '#shared/schemas/wp-params.ts';

export const corePostFields = {
  title: z.unknown().optional().meta({ description: 'The title (a string, or {raw}).' }),
  content: z.unknown().optional().meta({ description: 'The content (a string, or {raw}).' }),
  excerpt: z.unknown().optional().meta({ description: 'The excerpt (a string, or {raw}).' }),
  slug: z.unknown().optional().meta({ description: 'An alphanumeric identifier.' }),
  status: z.unknown().optional().meta({ description: 'A named status.' }),
  author: z.unknown().optional().meta({ description: 'The id of the author.' }),
  meta: z.record(z.string(), z.unknown()).optional().meta({ description: 'TEC’s meta.' }),
};

/** `title: "x"` or `title: {raw: "x"}`, as core takes both. */
export const rawOf = (value: unknown) =>
  value !== null && typeof value === 'object' && 'raw' in value ? value.raw : value;

/** Core's `previous` is the answer's data alone (`get_data`): no `_links`. */
export function withoutLinks(post: unknown): unknown {
  if (!post || typeof post !== 'object') return post;
  const data = { ...(post as Record<string, unknown>) };
  delete data._links;
  return data;
}

/** A `DELETE`'s parameters, as core's posts controller takes them. */
export const deleteParams = z.object({
  id: wpPositiveInteger,
  force: wpBoolean.default(false).meta({
    description: 'Whether to bypass Trash and force deletion.',
  }),
});
