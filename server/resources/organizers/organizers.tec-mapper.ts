/**
 * Organizer → TEC wire JSON (tec-rest-v1 §2.3): TEC's key order, falsy values dropped, global ids
 * appended; plus `language` and `translations`. Protected organizers are redacted (§2.6) except
 * their name (see docs/decisions.md).
 */
import type { Organizer } from '#shared/schemas/organizer.ts';
import type { TecOrganizer } from '#shared/tec/organizer.ts';
import type { WireContext } from '../wire-context.ts';
import type { LinkedPostView } from '../linked-posts/linked-posts.routes.ts';
import {
  linkedPostHead,
  linkedPostTail,
  plainText,
  redact,
} from '../linked-posts/linked-post-wire.ts';
import { withoutFalsy } from '../posts/post-wire.ts';

export function toTecOrganizer(
  organizer: Organizer,
  context: WireContext,
  view: LinkedPostView,
): TecOrganizer {
  const { head, texts, url } = linkedPostHead(organizer, 'organizer', context);
  const record: Record<string, unknown> = withoutFalsy({
    ...head,
    phone: organizer.phone,
    website: organizer.website,
    email: organizer.email,
    json_ld: view.single ? personJsonLd(organizer, texts.title, texts.description, url) : undefined,
  });
  Object.assign(record, linkedPostTail(organizer, texts, context));
  if (view.redact) redact(record);
  return record as TecOrganizer;
}

/** schema.org Person, as TEC's JSON-LD organizer data (single reads only). */
function personJsonLd(organizer: Organizer, name: string, description: string, url: string) {
  return withoutFalsy({
    '@context': 'http://schema.org',
    '@type': 'Person',
    name,
    description: plainText(description),
    image: organizer.image,
    url,
    telephone: organizer.phone,
    email: organizer.email,
    sameAs: organizer.website,
  });
}
