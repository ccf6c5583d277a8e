/**
 * Venue rules: visibility, TEC's duplicate avoidance, partial updates in one language, trash
 * and delete. Validation (400) always comes before permission (401/403), as in WordPress.
 */
import { randomUUID } from 'node:crypto';
import { withTranslation } from '#shared/schemas/multilingual.ts';
import {
  VENUE_TEXT_DETAILS,
  type Venue,
  type VenueCreateBody,
  type VenueListQuery,
  type VenueUpdateBody,
} from '#shared/schemas/venue.ts';
import { toUtcString } from '#shared/time/datetime.ts';
import { can } from '../../auth/capabilities.ts';
import type { Principal } from '../../auth/principal.ts';
import type { UsersRepo } from '../../auth/users.repo.ts';
import { ApiError, invalidParams } from '../../http/api-error.ts';
import type { RequestContext } from '../../http/request-context.ts';
import type { ChangeLog } from '../../store/change-log.repo.ts';
import { requireCaller, visibleStatuses } from '../posts/access.ts';
import { searchFragments } from '../posts/search.ts';
import {
  assignableAuthor,
  assignSlug,
  checkAuthor,
  publicationDate,
  scaleStatus,
} from '../posts/post-rules.ts';
import type { PostsRepo } from '../posts/posts.repo.ts';
import type { VenuesRepo } from './venues.repo.ts';

type Deps = { venues: VenuesRepo; posts: PostsRepo; users: UsersRepo; changes: ChangeLog };

const DETAILS = [...VENUE_TEXT_DETAILS, 'image'] as const;

export type VenuesService = ReturnType<typeof createVenuesService>;

export function createVenuesService(deps: Deps) {
  const { venues, posts, users, changes } = deps;

  /** The venue with this id; 400 when there is none (TEC validates ids before anything else). */
  function find(id: number): Venue {
    const venue = venues.get(id);
    if (!venue) throw invalidParams({ id: `id ${id} is not a venue` });
    return venue;
  }

  function idBySlug(slug: string, context: RequestContext): number {
    const id = posts.idBySlug('venue', slug, context.language);
    if (id === undefined) throw invalidParams({ slug: `no venue has the slug "${slug}"` });
    return id;
  }

  /** Applies the body's fields to a venue: translatable ones in the request's language. */
  function applyBody(
    venue: Venue,
    body: VenueUpdateBody,
    caller: Principal,
    context: RequestContext,
  ): Venue {
    const { language } = context;
    const next: Venue = { ...venue };
    if (body.venue !== undefined) next.name = withTranslation(venue.name, language, body.venue);
    if (body.description !== undefined)
      next.description = withTranslation(venue.description, language, body.description);
    if (body.excerpt !== undefined)
      next.excerpt = withTranslation(venue.excerpt, language, body.excerpt);
    const name = next.name[language];
    if (body.slug !== undefined || (name && !venue.slug[language])) {
      const slug = assignSlug(posts, 'venue', language, body.slug, name ?? '', venue.id);
      next.slug = withTranslation(venue.slug, language, slug);
    }
    for (const key of DETAILS) if (body[key] !== undefined) next[key] = body[key];
    if (body.show_map !== undefined) next.showMap = body.show_map;
    if (body.show_map_link !== undefined) next.showMapLink = body.show_map_link;
    if (body.status !== undefined) next.status = scaleStatus(caller, body.status);
    if (next.status === 'trash' && venue.status !== 'trash') next.statusBeforeTrash = venue.status;
    if (next.status !== 'trash') next.statusBeforeTrash = null;
    if (body.password !== undefined) next.password = body.password;
    next.author = assignableAuthor(caller, body.author, venue.author);
    next.date = publicationDate(body, context.settings.timezone) ?? venue.date;
    return next;
  }

  function checkImage(body: VenueUpdateBody, caller: Principal): void {
    if (body.image && !can.uploadFiles(caller)) {
      throw invalidParams({ image: 'image: your role may not add images' });
    }
  }

  /** TEC reuses a venue with the same name (and description, when sent), if the caller may edit it. */
  function duplicateOf(body: VenueCreateBody, caller: Principal): Venue | undefined {
    const sameName = venues.getMany(posts.idsByTitle('venue', body.venue));
    const fold = (text: string) => text.normalize('NFKC').toLocaleLowerCase();
    return sameName.find(
      (venue) =>
        can.editPost(caller, venue) &&
        (body.description === undefined ||
          Object.values(venue.description).some(
            (text) => fold(text) === fold(body.description ?? ''),
          )),
    );
  }

  function save(venue: Venue, rev: number, now: string): Venue {
    const saved = { ...venue, rev, modified: now };
    venues.update(saved);
    return saved;
  }

  return {
    find,
    idBySlug,

    /** One venue for reading: 400 when there is none, 403 when the caller may not see it. */
    read(id: number, context: RequestContext): Venue {
      const venue = find(id);
      if (!can.readPost(context.user, venue)) {
        throw new ApiError('venue-not-accessible', `The venue with id ${id} is not accessible.`);
      }
      return venue;
    },

    list(query: VenueListQuery, context: RequestContext): { venues: Venue[]; total: number } {
      const caller = context.user;
      const statuses = visibleStatuses(query.status, caller, 'venues');
      const fragments = query.search ? searchFragments(query.search) : [];
      const languages = [...new Set([context.language, context.settings.defaultLanguage])];
      const { ids, total } = venues.list({
        statuses,
        unpublishedOnlyBy: caller && !can.editOthers(caller) ? caller.id : undefined,
        search: fragments.length > 0 ? { fragments, languages } : undefined,
        limit: query.per_page,
        offset: (query.page - 1) * query.per_page,
      });
      if (ids.length === 0 && query.page > 1) {
        throw new ApiError(
          'venue-archive-page-not-found',
          'The requested venue archive page does not exist.',
        );
      }
      return { venues: venues.getMany(ids), total };
    },

    create(body: VenueCreateBody, context: RequestContext): Venue {
      checkAuthor(users, body.author);
      const caller = requireCaller(context, can.createPosts);
      checkImage(body, caller);
      const now = toUtcString(context.now);
      const duplicate = duplicateOf(body, caller);
      if (duplicate)
        return changes.write((rev) => save(applyBody(duplicate, body, caller, context), rev, now));

      const blank: Venue = {
        id: 0,
        uuid: randomUUID(),
        created: now,
        modified: now,
        rev: 0,
        status: scaleStatus(caller, body.status),
        statusBeforeTrash: null,
        author: caller.id,
        date: now,
        password: '',
        name: {},
        description: {},
        excerpt: {},
        slug: {},
        address: '',
        city: '',
        country: '',
        province: '',
        state: '',
        zip: '',
        phone: '',
        stateprovince: '',
        website: '',
        image: '',
        showMap: true,
        showMapLink: true,
      };
      return changes.write((rev) => {
        const id = venues.insert({ ...blank, rev });
        return save(
          applyBody({ ...blank, id }, { ...body, status: undefined }, caller, context),
          rev,
          now,
        );
      });
    },

    update(id: number, body: VenueUpdateBody, context: RequestContext): Venue {
      const venue = find(id);
      checkAuthor(users, body.author);
      const caller = requireCaller(context, (user) => can.editPost(user, venue));
      checkImage(body, caller);
      const now = toUtcString(context.now);
      return changes.write((rev) => save(applyBody(venue, body, caller, context), rev, now));
    },

    /** Moves to the trash (410 when already there), or deletes for good with `force`. */
    remove(id: number, force: boolean, context: RequestContext): Venue {
      const venue = find(id);
      requireCaller(context, (user) => can.deletePost(user, venue));
      const now = toUtcString(context.now);
      if (force) {
        changes.write((rev) => {
          posts.touch(venues.linkedEventIds(id), rev, now);
          changes.tombstone('venue', venue.uuid, id, rev, now);
          posts.delete(id);
        });
        return venue;
      }
      if (venue.status === 'trash')
        throw new ApiError('venue-is-in-trash', `The venue with id ${id} is already trashed.`);
      return changes.write((rev) =>
        save({ ...venue, status: 'trash', statusBeforeTrash: venue.status }, rev, now),
      );
    },
  };
}
