/**
 * An event, venue or organizer in WordPress core's post shape (`WP_REST_Posts_Controller`
 * `prepare_item_for_response`), with TEC's registered meta, the event's term ids and the links
 * WordPress gives them: what headless site builders read from `wp/v2`.
 */
import { utcToZone } from '#shared/time/datetime.ts';
import type { StoredTerm } from '../../store/terms.repo.ts';
import type { PostTexts } from '../../store/post-records.repo.ts';
import type { QueryValues } from '../../http/api-urls.ts';
import type { WireContext } from '../../http/wire-context.ts';
import { tecExcerpt } from '../tec/posts/json-ld-text.ts';
import { pickTexts, publicUrl, renderContent, renderPostTitle } from '../tec/posts/post-wire.ts';
import { pickTranslation } from '#shared/schemas/multilingual.ts';
import { tecMeta, type WpRecord } from './wp-meta.ts';
import { can } from '../../auth/capabilities.ts';
import { toSlug } from '#shared/text/slug.ts';
import { untrashedSlug } from '#shared/text/trashed-slug.ts';
import { WP_NAMESPACE, WP_TYPE } from './wp-types.ts';
import { imageOf } from './wp-featured-media.ts';

type WpPostView = {
  /** `context=edit`: raw texts and the password beside the rendered ones. */
  edit: boolean;
  /** Password-protected and not opened: content and excerpt are empty. */
  redact: boolean;
  /** The methods the caller may use on the record (`targetHints.allow`). */
  allow: readonly string[];
  /** An event's categories and tags, by id. */
  termOf: (id: number) => StoredTerm | undefined;
};

/** WordPress's `mysql_to_rfc3339` without the offset: `2026-11-28T01:46:43`. */
const wpDate = (dateTime: string) => dateTime.replace(' ', 'T');

/** `the_content` / `the_excerpt` as the REST API renders them: wpautop's closing newline kept. */
const withNewline = (html: string) => (html === '' ? '' : `${html.trim()}\n`);

function textsOf(item: WpRecord): PostTexts {
  if (item.kind === 'event') return item.record;
  const { record } = item;
  return {
    title: record.name,
    description: record.description,
    excerpt: record.excerpt,
    slug: record.slug,
  };
}

/** A term's slug in the language asked, else the calendar's. */
function termSlug(term: StoredTerm, context: WireContext): string {
  return (
    pickTranslation(term.slug, context.language, context.settings.defaultLanguage)?.value ?? ''
  );
}

/** `get_post_class`: a numeric or dash-only slug is replaced by the term's id. */
function termClass(prefix: string, term: StoredTerm, context: WireContext): string {
  const slug = termSlug(term, context);
  return `${prefix}-${/^\d+$/.test(slug) || slug.replace(/-/g, '') === '' ? term.id : slug}`;
}

/**
 * The record's public page: WordPress's `link` and `guid`. A trashed record's is the page it
 * has again when restored: its `slug__trashed` page exists on no website.
 */
export function toWpLink(item: WpRecord, context: WireContext): string {
  const texts = pickTexts(textsOf(item), context);
  return publicUrl(context, item.kind, item.record.id, untrashedSlug(texts.slug));
}

/**
 * The `wp:action-*` links core gives an editing answer: what the caller may do to the record,
 * by Marquee's role rules (the event's terms only on events).
 */
function actionLinks(item: WpRecord, context: WireContext, self: string) {
  const caller = context.actor;
  const actions: [string, boolean][] = [
    ['publish', can.publish(caller)],
    ['unfiltered-html', can.unfilteredHtml(caller)],
    ['assign-author', can.editOthers(caller)],
  ];
  if (item.kind === 'event')
    actions.push(
      ['create-tags', can.createTerms(caller)],
      ['assign-tags', can.createPosts(caller)],
      ['create-tribe_events_cat', can.manageTerms(caller)],
      ['assign-tribe_events_cat', can.createPosts(caller)],
    );
  return Object.fromEntries(
    actions
      .filter(([, allowed]) => allowed)
      .map(([name]) => [`wp:action-${name}`, [{ href: self }]]),
  );
}

export function toWpPost(item: WpRecord, context: WireContext, view: WpPostView) {
  const { record } = item;
  const type = WP_TYPE[item.kind];
  const texts = pickTexts(textsOf(item), context);
  // WordPress's guid is the address the record was first published at: not its trashed slug.
  const link = toWpLink(item, context);
  const guid = link;
  const zone = context.settings.timezone;
  const route = (path: string, query?: QueryValues) =>
    context.urls.route(WP_NAMESPACE, path, query);
  const self = route(`${type}/${record.id}`);
  const content = view.redact ? '' : withNewline(renderContent(texts.description));
  const excerpt = view.redact ? '' : withNewline(tecExcerpt(texts.excerpt, texts.description));
  const protectedPost = record.password !== '';
  const post: Record<string, unknown> = {
    id: record.id,
    date: wpDate(utcToZone(record.date, zone)),
    date_gmt: wpDate(record.date),
    guid: { rendered: guid, ...(view.edit ? { raw: guid } : {}) },
    modified: wpDate(utcToZone(record.modified, zone)),
    modified_gmt: wpDate(record.modified),
    ...(view.edit ? { password: record.password } : {}),
    slug: texts.slug,
    status: record.status,
    type,
    link,
    title: { ...(view.edit ? { raw: texts.title } : {}), rendered: renderPostTitle(texts.title) },
    content: {
      ...(view.edit ? { raw: texts.description } : {}),
      rendered: content,
      protected: protectedPost,
      // No blocks: Marquee's texts are classic HTML.
      ...(view.edit ? { block_version: 0 } : {}),
    },
    excerpt: {
      ...(view.edit ? { raw: texts.excerpt } : {}),
      rendered: excerpt,
      protected: protectedPost,
    },
    author: record.author,
    featured_media: 0,
    template: '',
    meta: tecMeta(item),
  };
  // TEC's venues and organizers have no permalink template in the editing shape.
  const editExtras =
    view.edit && item.kind === 'event'
      ? {
          permalink_template: publicUrl(context, item.kind, record.id, '%pagename%').replaceAll(
            '%25pagename%25',
            '%pagename%',
          ),
          generated_slug: toSlug(texts.title),
        }
      : {};
  const links: Record<string, unknown> = {
    self: [{ href: self, targetHints: { allow: view.allow } }],
    collection: [{ href: route(type) }],
    about: [{ href: route(`types/${type}`) }],
    author: [{ embeddable: true, href: route(`users/${record.author}`) }],
    'version-history': [{ count: 0, href: route(`${type}/${record.id}/revisions`) }],
    // The image has no media route to name: the link names the image itself.
    ...(imageOf(item) ? { 'wp:featuredmedia': [{ embeddable: true, href: imageOf(item) }] } : {}),
    'wp:attachment': [{ href: route('media', [['parent', record.id]]) }],
  };
  if (item.kind === 'event') {
    const event = item.record;
    post.tags = event.tagIds;
    post.tribe_events_cat = event.categoryIds;
    const terms = (ids: readonly number[]) => ids.flatMap((id) => view.termOf(id) ?? []);
    post.class_list = [
      `post-${event.id}`,
      type,
      `type-${type}`,
      `status-${event.status}`,
      ...(protectedPost ? ['post-password-required'] : []),
      'hentry',
      ...terms(event.tagIds).map((term) => termClass('tag', term, context)),
      ...terms(event.categoryIds).flatMap((term) => [
        termClass('tribe_events_cat', term, context),
        termClass('cat', term, context).replace(/^cat-/, 'cat_'),
      ]),
    ];
    links['wp:term'] = [
      { taxonomy: 'post_tag', embeddable: true, href: route('tags', [['post', event.id]]) },
      {
        taxonomy: 'tribe_events_cat',
        embeddable: true,
        href: route('tribe_events_cat', [['post', event.id]]),
      },
    ];
  }
  if (view.edit) Object.assign(links, actionLinks(item, context, self));
  links.curies = [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }];
  Object.assign(post, editExtras);
  post._links = links;
  return post;
}
