/**
 * The venue, organizer, category and tag lists select their ids once per filter and change:
 * every page after the first is a slice of them (no count, no OFFSET), the pages together are
 * the whole list in its order, and a write selects them again. Over a real store, with the
 * repos' list functions counted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsSchema } from '#shared/schemas/settings.ts';
import { linkedPostListQuerySchema, type LinkedPostListQuery } from '#shared/schemas/post-write.ts';
import { termListQuerySchema } from '#shared/schemas/term.ts';
import { seedCalendar } from '../../../scripts/bench/seed.ts';
import { createChangeLog } from '../../store/change-log.repo.ts';
import { createLinkIndex } from '../../store/link-index.ts';
import { createLinkedPostsRepo } from '../../store/linked-posts.repo.ts';
import { organizerTable } from '../../store/organizer-table.ts';
import { venueTable } from '../../store/venue-table.ts';
import { openStore, type Store } from '../../store/open-store.ts';
import { createPostsRepo } from '../../store/posts.repo.ts';
import { createTermsRepo } from '../../store/terms.repo.ts';
import { createUsersRepo } from '../../store/users.repo.ts';
import type { DomainContext } from '../context.ts';
import { DomainError } from '../errors.ts';
import { createLinkedPostsService } from '../linked-posts/linked-posts.service.ts';
import { organizerSpec } from '../linked-posts/organizer-spec.ts';
import { venueSpec } from '../linked-posts/venue-spec.ts';
import { CATEGORIES, TAGS } from '../terms/taxonomies.ts';
import { createTermsService } from '../terms/terms.service.ts';

let dir: string;
let store: Store;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'marquee-kept-lists-'));
  store = openStore(dir, { lock: false });
  seedCalendar(store, { events: 300, venues: 40, organizers: 30, categories: 25, tags: 35 });
});
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const settings = settingsSchema.parse({ timezone: 'Europe/Berlin' });
const visitor: DomainContext = { actor: undefined, language: 'en', now: new Date(), settings };
const owner: DomainContext = {
  ...visitor,
  actor: { id: 1, name: 'owner', role: 'admin' },
};

/** The services over the store, each repo's list counted. */
function services() {
  const { db } = store;
  const changes = createChangeLog(db);
  const calls = { venue: 0, organizer: 0, term: 0 };
  const counted = <R extends { list: (...args: never[]) => unknown }>(
    repo: R,
    name: keyof typeof calls,
  ): R => ({
    ...repo,
    list: (...args: Parameters<R['list']>) => {
      calls[name] += 1;
      return repo.list(...args);
    },
  });
  const deps = { posts: createPostsRepo(db), users: createUsersRepo(db), changes };
  const venues = createLinkedPostsService(
    venueSpec,
    counted(createLinkedPostsRepo(db, venueTable), 'venue'),
    deps,
  );
  const organizers = createLinkedPostsService(
    organizerSpec,
    counted(createLinkedPostsRepo(db, organizerTable), 'organizer'),
    deps,
  );
  const terms = createTermsService({
    terms: counted(createTermsRepo(db), 'term'),
    posts: deps.posts,
    changes,
    links: () => createLinkIndex(db),
  });
  return { calls, venues, organizers, terms };
}

/**
 * Every page of a list, in turn, until the one past its end: a refusal from the service
 * (venues, organizers) or an empty page (terms: their route refuses it).
 */
function allPages<T>(read: (page: number) => { records: T[]; total: number }) {
  const pages: T[][] = [];
  let total = -1;
  for (let page = 1; ; page += 1) {
    try {
      const answer = read(page);
      total = answer.total;
      if (answer.records.length === 0) return { pages, total };
      pages.push(answer.records);
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      return { pages, total };
    }
  }
}

describe('kept lists', () => {
  it('select a venue or organizer list once per change and page it', () => {
    const { calls, venues, organizers } = services();
    const lists: [
      'venue' | 'organizer',
      (
        query: LinkedPostListQuery,
        context: DomainContext,
      ) => { records: { id: number }[]; total: number },
    ][] = [
      ['venue', (query, context) => venues.list(query, context)],
      ['organizer', (query, context) => organizers.list(query, context)],
    ];
    for (const [name, list] of lists) {
      for (const context of [visitor, owner]) {
        const query = (page: number, perPage = 7) =>
          linkedPostListQuerySchema.parse({ page: String(page), per_page: String(perPage) });
        const whole = list(query(1, 100), context);
        const before = calls[name];
        const { pages, total } = allPages((page) => list(query(page), context));
        expect(total).toBe(whole.total);
        expect(pages.flat().map((record) => record.id)).toEqual(
          whole.records.map((record) => record.id),
        );
        expect(pages.length).toBe(Math.ceil(total / 7));
        // Every page of the same filter came from the one selection (the old lists counted
        // and skipped again at each).
        expect(calls[name]).toBe(before);
      }
    }
    // A write: the list is selected again, with the new record first (the newest).
    const made = venues.create({ name: { en: 'A new hall' } }, owner);
    const after = venues.list(linkedPostListQuerySchema.parse({ per_page: '7' }), visitor);
    expect(after.records[0]!.id).toBe(made.id);
    expect(calls.venue).toBe(3);
  });

  it('select a category or tag list once per change and page it, in each order', () => {
    const { calls, terms } = services();
    for (const config of [CATEGORIES, TAGS]) {
      for (const orderby of ['name', 'count', 'id']) {
        const query = (page: number, perPage = 6) =>
          termListQuerySchema.parse({
            page: String(page),
            per_page: String(perPage),
            hide_empty: 'false',
            orderby,
          });
        const whole = terms.list(config, query(1, 100), visitor);
        const before = calls.term;
        const { pages, total } = allPages((page) => {
          const answer = terms.list(config, query(page), visitor);
          return { records: answer.terms, total: answer.total };
        });
        expect(total).toBe(whole.total);
        expect(pages.flat().map((term) => term.id)).toEqual(whole.terms.map((term) => term.id));
        expect(calls.term).toBe(before);
      }
    }
    const made = terms.create(CATEGORIES, { name: { en: '000 first by name' } }, owner);
    const first = terms.list(
      CATEGORIES,
      termListQuerySchema.parse({ per_page: '3', hide_empty: 'false', order: 'asc' }),
      visitor,
    );
    expect(first.terms[0]!.id).toBe(made.id);
  });
});
