/**
 * Organizer → TEC wire JSON: TEC's key order, falsy values dropped, global ids
 * appended; plus `language` and `translations`. Protected organizers are redacted as TEC does, except
 * their name (see docs/decisions.md).
 */
import type { Organizer } from '#shared/schemas/organizer.ts';
import type { TecOrganizer } from '#shared/tec/organizer.ts';
import type { WireContext } from '../../../http/wire-context.ts';
import type { LinkedPostView } from '../linked-posts/linked-posts.routes.ts';
import { linkedPostHead, linkedPostTail, redact } from '../linked-posts/linked-post-wire.ts';
import { escJs, tecExcerpt } from '../posts/json-ld-text.ts';
import { renderPostTitle, withoutFalsy, type PickedTexts } from '../posts/post-wire.ts';

export function toTecOrganizer(
  organizer: Organizer,
  context: WireContext,
  view: LinkedPostView,
): TecOrganizer {
  const { head, texts } = linkedPostHead(organizer, 'organizer', context);
  const record: Record<string, unknown> = withoutFalsy({
    ...head,
    phone: organizer.phone,
    website: organizer.website,
    email: organizer.email,
    json_ld: view.single ? personJsonLd(organizer, texts) : undefined,
  });
  Object.assign(record, linkedPostTail(organizer, texts, context));
  if (view.redact) redact(record);
  return record as TecOrganizer;
}

/**
 * schema.org Person, as TEC's JSON-LD organizer data (single reads only;
 * Tribe__Events__JSON_LD__Organizer): the website as `url` and `sameAs`, every key there even
 * when empty. TEC writes the email's characters as entities at random (antispambot); Marquee
 * gives it as it is, which reads the same.
 */
function personJsonLd(organizer: Organizer, texts: PickedTexts) {
  return {
    '@type': 'Person',
    name: escJs(renderPostTitle(texts.title)),
    description: escJs(tecExcerpt(texts.excerpt, texts.description)),
    ...(organizer.image ? { image: organizer.image } : {}),
    url: organizer.website,
    telephone: organizer.phone,
    email: organizer.email,
    sameAs: organizer.website,
  };
}
