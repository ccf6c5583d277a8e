/**
 * SQL for venues: the `venues` row beside its `posts` row and texts, assembled into the shared
 * `Venue` record. Lists return ids and a total; records are loaded in one batch per page.
 */
import type { Language } from '#shared/languages.ts';
import type { PostStatus } from '#shared/schemas/common.ts';
import { VENUE_TEXT_DETAILS, type Venue } from '#shared/schemas/venue.ts';
import type { Database } from '../../store/database.ts';
import { conditions, jsonList } from '../../store/sql.ts';
import type { PostsRepo } from '../posts/posts.repo.ts';
import { matchFragments } from '../posts/search.ts';

type VenueRow = {
  post_id: number;
  address: string;
  city: string;
  country: string;
  province: string;
  state: string;
  zip: string;
  phone: string;
  stateprovince: string;
  website: string;
  image_url: string;
  show_map: number;
  show_map_link: number;
};

const DETAIL_COLUMNS = VENUE_TEXT_DETAILS;
/** Shared fields TEC searches besides title, content and excerpt (tec-rest-v1 §3.2). */
const SEARCHED_COLUMNS = [
  'address',
  'city',
  'province',
  'state',
  'stateprovince',
  'zip',
  'phone',
] as const;

export type VenueFilter = {
  statuses: readonly PostStatus[];
  /** For callers who are not editors: unpublished posts only when this user wrote them. */
  unpublishedOnlyBy?: number;
  search?: { fragments: string[]; languages: Language[] };
  limit: number;
  offset: number;
};

export type VenuesRepo = ReturnType<typeof createVenuesRepo>;

export function createVenuesRepo(db: Database, posts: PostsRepo) {
  function getMany(ids: readonly number[]): Venue[] {
    if (ids.length === 0) return [];
    const postRows = posts.getRows(ids);
    const texts = posts.getTexts(ids);
    const rows = db
      .prepare('SELECT * FROM venues WHERE post_id IN (SELECT value FROM json_each(?))')
      .all(jsonList(ids)) as VenueRow[];
    const details = new Map(rows.map((row) => [row.post_id, row]));
    return ids.flatMap((id) => {
      const post = postRows.get(id);
      const row = details.get(id);
      if (!post || !row) return [];
      const text = texts.get(id) ?? { title: {}, description: {}, excerpt: {}, slug: {} };
      return [
        {
          id,
          uuid: post.uuid,
          created: post.created_utc,
          modified: post.modified_utc,
          rev: post.rev,
          status: post.status,
          statusBeforeTrash: post.status_before_trash,
          author: post.author,
          date: post.date_utc,
          password: post.password,
          name: text.title,
          description: text.description,
          excerpt: text.excerpt,
          slug: text.slug,
          ...Object.fromEntries(DETAIL_COLUMNS.map((column) => [column, row[column]])),
          image: row.image_url,
          showMap: row.show_map === 1,
          showMapLink: row.show_map_link === 1,
        } as Venue,
      ];
    });
  }

  function writeDetails(venue: Venue): void {
    db.prepare(
      `INSERT INTO venues (post_id, ${DETAIL_COLUMNS.join(', ')}, image_url, show_map, show_map_link)
       VALUES (?, ${DETAIL_COLUMNS.map(() => '?').join(', ')}, ?, ?, ?)
       ON CONFLICT (post_id) DO UPDATE SET ${DETAIL_COLUMNS.map((c) => `${c} = excluded.${c}`).join(', ')},
         image_url = excluded.image_url, show_map = excluded.show_map, show_map_link = excluded.show_map_link`,
    ).run(
      venue.id,
      ...DETAIL_COLUMNS.map((column) => venue[column]),
      venue.image,
      Number(venue.showMap),
      Number(venue.showMapLink),
    );
    posts.setTexts(venue.id, 'venue', {
      title: venue.name,
      description: venue.description,
      excerpt: venue.excerpt,
      slug: venue.slug,
    });
  }

  return {
    getMany,
    get: (id: number): Venue | undefined => getMany([id])[0],

    insert(venue: Omit<Venue, 'id'>): number {
      const id = posts.insert('venue', {
        uuid: venue.uuid,
        status: venue.status,
        status_before_trash: venue.statusBeforeTrash,
        author: venue.author,
        password: venue.password,
        date_utc: venue.date,
        created_utc: venue.created,
        modified_utc: venue.modified,
        rev: venue.rev,
      });
      writeDetails({ ...venue, id });
      return id;
    },

    update(venue: Venue): void {
      posts.update({
        id: venue.id,
        uuid: venue.uuid,
        status: venue.status,
        status_before_trash: venue.statusBeforeTrash,
        author: venue.author,
        password: venue.password,
        date_utc: venue.date,
        created_utc: venue.created,
        modified_utc: venue.modified,
        rev: venue.rev,
      });
      writeDetails(venue);
    },

    /** Events whose venue this is (their output changes when it goes away). */
    linkedEventIds(id: number): number[] {
      const rows = db.prepare('SELECT post_id FROM events WHERE venue_id = ?').all(id) as {
        post_id: number;
      }[];
      return rows.map((row) => row.post_id);
    },

    list(filter: VenueFilter): { ids: number[]; total: number } {
      const where = conditions().add("p.kind = 'venue'");
      where.add('p.status IN (SELECT value FROM json_each(?))', jsonList(filter.statuses));
      if (filter.unpublishedOnlyBy !== undefined) {
        where.add("p.status = 'publish' OR p.author = ?", filter.unpublishedOnlyBy);
      }
      if (filter.search) {
        const { fragments, languages } = filter.search;
        const texts = matchFragments(['t.title', 't.description', 't.excerpt'], fragments);
        const details = matchFragments(
          SEARCHED_COLUMNS.map((column) => `v.${column}`),
          fragments,
        );
        where.add(
          `EXISTS (SELECT 1 FROM post_texts t WHERE t.post_id = p.id
             AND t.language IN (SELECT value FROM json_each(?)) AND (${texts.sql})) OR (${details.sql})`,
          jsonList(languages),
          ...texts.values,
          ...details.values,
        );
      }
      const from = `FROM posts p JOIN venues v ON v.post_id = p.id ${where.sql}`;
      const total = (
        db.prepare(`SELECT COUNT(*) AS n ${from}`).get(...where.values) as { n: number }
      ).n;
      const rows = db
        .prepare(`SELECT p.id ${from} ORDER BY p.date_utc DESC, p.id DESC LIMIT ? OFFSET ?`)
        .all(...where.values, filter.limit, filter.offset) as { id: number }[];
      return { ids: rows.map((row) => row.id), total };
    },
  };
}
