import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SQLInputValue, StatementSync } from 'node:sqlite';
import { bulkLoad } from '../../store/bulk-load.ts';
import type { Database } from '../../store/database.ts';
import { openStore } from '../../store/open-store.ts';
import { createPostsRepo } from '../../store/posts.repo.ts';
import { addEvent } from '../../../test/support/store-fixtures.ts';
import { assignSlug, scaleStatus, scheduledStatus } from './post-rules.ts';

describe('scaleStatus (TEC scale-back)', () => {
  const author = { id: 3, name: 'a', role: 'author' as const };
  const contributor = { id: 4, name: 'c', role: 'contributor' as const };

  it('gives publishers what they ask for, publish by default', () => {
    expect(scaleStatus(author, undefined)).toBe('publish');
    expect(scaleStatus(author, 'draft')).toBe('draft');
    expect(scaleStatus(author, 'future')).toBe('future');
  });

  it('sends contributors to review', () => {
    expect(scaleStatus(contributor, undefined)).toBe('draft');
    expect(scaleStatus(contributor, 'publish')).toBe('pending');
    expect(scaleStatus(contributor, 'future')).toBe('pending');
    expect(scaleStatus(contributor, 'private')).toBe('pending');
    expect(scaleStatus(contributor, 'draft')).toBe('draft');
  });
});

describe('scheduledStatus (wp_insert_post)', () => {
  const now = new Date('2026-11-20T10:00:00Z');

  it('schedules what would be published a minute or more ahead', () => {
    expect(scheduledStatus('publish', '2026-11-20 10:01:00', now)).toBe('future');
    expect(scheduledStatus('publish', '2026-11-20 10:00:59', now)).toBe('publish');
    expect(scheduledStatus('future', '2026-12-24 00:00:00', now)).toBe('future');
  });

  it('publishes a future post whose date has come, and leaves other statuses', () => {
    expect(scheduledStatus('future', '2026-11-20 10:00:00', now)).toBe('publish');
    expect(scheduledStatus('future', '2025-01-01 00:00:00', now)).toBe('publish');
    for (const status of ['draft', 'pending', 'private', 'trash'] as const)
      expect(scheduledStatus(status, '2030-01-01 00:00:00', now)).toBe(status);
  });
});

describe('assignSlug (wp_unique_post_slug)', () => {
  /** A calendar whose French event slugs are `slugs`, ids from 1. */
  function calendarWith(
    slugs: string[],
    work: (
      posts: ReturnType<typeof createPostsRepo>,
      statements: () => number,
      db: Database,
    ) => void,
  ) {
    const dir = mkdtempSync(join(tmpdir(), 'marquee-slugs-'));
    const store = openStore(dir, { lock: false });
    try {
      slugs.forEach((slug, index) => {
        addEvent(store.db, index + 1, slug);
        store.db.prepare('UPDATE post_texts SET slug = ? WHERE post_id = ?').run(slug, index + 1);
      });
      work(createPostsRepo(store.db), () => store.db.statementCount(), store.db);
    } finally {
      store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('takes the first free number, gaps included, and keeps a post its own slug', () => {
    calendarWith(['jazz', 'jazz-2', 'jazz-4', 'jazz-night', 'jazz-2-2'], (posts) => {
      expect(assignSlug(posts, 'event', 'fr', undefined, 'Jazz')).toBe('jazz-3');
      expect(assignSlug(posts, 'event', 'fr', 'jazz-2', 'Jazz')).toBe('jazz-2-3');
      expect(assignSlug(posts, 'event', 'fr', undefined, 'Jazz night')).toBe('jazz-night-2');
      expect(assignSlug(posts, 'event', 'fr', undefined, 'Jazz', { id: 1 })).toBe('jazz');
      expect(assignSlug(posts, 'event', 'de', undefined, 'Jazz')).toBe('jazz');
    });
  });

  it('in the trash, needs only the trashed form free, and keeps a trashed slug asked for', () => {
    calendarWith(['jazz', 'jazz__trashed', 'blues__trashed', 'blues__trashed-2'], (posts) => {
      const inTrash = { inTrash: true };
      // The live "jazz" is held by another event: in the trash that is no matter.
      expect(assignSlug(posts, 'event', 'fr', 'jazz', '', inTrash)).toBe('jazz__trashed-2');
      expect(assignSlug(posts, 'event', 'fr', 'soul', '', inTrash)).toBe('soul__trashed');
      expect(assignSlug(posts, 'event', 'fr', 'soul__trashed-4', '', inTrash)).toBe(
        'soul__trashed-4',
      );
      // Taken: it leaves the one it has for the next free one (the holder may then swap).
      expect(
        assignSlug(posts, 'event', 'fr', 'blues__trashed-2', '', {
          id: 3,
          inTrash: true,
          current: 'blues__trashed',
        }),
      ).toBe('blues__trashed-3');
      // Out of the trash a trashed slug asks for its live one.
      expect(assignSlug(posts, 'event', 'fr', 'soul__trashed', '')).toBe('soul');
    });
  });

  it('reads a family of numbered slugs with one query, however many there are', () => {
    const taken = ['open-mic', ...Array.from({ length: 80 }, (_, n) => `open-mic-${n + 2}`)];
    calendarWith(taken, (posts, statements) => {
      const before = statements();
      expect(assignSlug(posts, 'event', 'fr', undefined, 'Open mic')).toBe('open-mic-82');
      expect(statements() - before).toBe(1);
    });
  });

  it("reads the family of the slug asked, not that of its number's siblings", () => {
    const taken = Array.from({ length: 60 }, (_, n) => `set-2024-${n + 1}`);
    calendarWith(taken, (posts, statements) => {
      const read: number[] = [];
      const counted = {
        ...posts,
        slugFamily: (...args: Parameters<typeof posts.slugFamily>) => {
          const family = posts.slugFamily(...args);
          read.push(family.size);
          return family;
        },
      };
      const before = statements();
      expect(assignSlug(counted, 'event', 'fr', undefined, 'Set 2024 61')).toBe('set-2024-61');
      expect(assignSlug(counted, 'event', 'fr', undefined, 'Set 2024 7')).toBe('set-2024-7-2');
      expect(statements() - before).toBe(2);
      expect(read).toEqual([0, 1]);
    });
  });

  it('reads the family through the unique slug index, also inside a bulk load', () => {
    calendarWith(['gala', 'gala-2'], (_posts, _statements, db) => {
      const plans: string[] = [];
      const spy: Database = {
        ...db,
        prepare(sql) {
          const statement = db.prepare(sql);
          if (!sql.includes('FROM post_texts')) return statement;
          return {
            all(...values: SQLInputValue[]) {
              const plan = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...values) as {
                detail: string;
              }[];
              plans.push(plan.map((row) => row.detail).join(' | '));
              return statement.all(...values);
            },
          } as unknown as StatementSync;
        },
      };
      // A bulk load sets the other slug index aside (store/bulk-load.ts).
      db.transaction(() =>
        bulkLoad(db, () => {
          expect(assignSlug(createPostsRepo(spy), 'event', 'fr', undefined, 'Gala')).toBe('gala-3');
        }),
      );
      expect(plans).toEqual([
        'SEARCH post_texts USING COVERING INDEX post_texts_slug (kind=? AND language=? AND slug>? AND slug<?)',
      ]);
    });
  });
});
