/**
 * The parts of TEC's venue and organizer shapes they share: the head
 * (post fields, the name under the kind's key, texts, image), the tail appended after falsy
 * values are dropped, and TEC's redaction of password-protected records.
 */
import { VENUE_FLAGS } from '#shared/kinds/venue-flags.ts';
import type { Language } from '#shared/languages.ts';
import type { WireContext } from '../../../http/wire-context.ts';
import {
  globalId,
  imageObject,
  pickTexts,
  postDates,
  publicUrl,
  renderContent,
  renderPostTitle,
  type PickedTexts,
} from '../posts/post-wire.ts';
import type { LinkedPost, LinkedPostKind } from '../../../store/linked-posts.repo.ts';

type Common = LinkedPost<{ image: string }>;

export function linkedPostHead(record: Common, kind: LinkedPostKind, context: WireContext) {
  const texts = pickTexts(
    {
      title: record.name,
      description: record.description,
      excerpt: record.excerpt,
      slug: record.slug,
    },
    context,
  );
  const url = publicUrl(context, kind, record.id, texts.slug);
  const head = {
    id: record.id,
    author: String(record.author),
    status: record.status,
    ...postDates(record, context.settings.timezone),
    url,
    [kind]: renderPostTitle(texts.title),
    description: renderContent(texts.description),
    excerpt: renderContent(texts.excerpt),
    slug: texts.slug,
    image: imageObject(record.image),
  };
  return { head, texts, url };
}

export function linkedPostTail(record: { id: number }, texts: PickedTexts, context: WireContext) {
  const id = globalId(context, record.id);
  return {
    global_id: id,
    global_id_lineage: [id],
    language: texts.language satisfies Language,
    translations: texts.translations,
  };
}

const REDACTED_TEXT = [
  'description',
  'excerpt',
  'website',
  'email',
  'phone',
  'stateprovince',
  'zip',
  'province',
  'country',
  'city',
  'address',
];
const REDACTED_FLAGS = VENUE_FLAGS.map((flag) => flag.tec);

/** Blanks the content of a protected record in place: keys present are overwritten. */
export function redact(record: Record<string, unknown>): void {
  for (const key of REDACTED_TEXT) if (key in record) record[key] = '';
  for (const key of REDACTED_FLAGS) if (key in record) record[key] = null;
  if ('image' in record) record.image = false;
}
