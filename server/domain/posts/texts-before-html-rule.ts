/**
 * Texts stored before WordPress's rule of who may write HTML, cleaned once by their author's
 * role. WordPress applies the rule by the role of the user who saves, and a post's author is
 * known: an event, venue or organizer of an author or a contributor (revoked or not; an author
 * with no user row too) is stored again as that author's save would have stored it, so the
 * public API, the ICS feed and the exports stop serving the `<script>`, handler or
 * `javascript:` link it held. Admins' and editors' records are not read, and terms are left
 * alone: what WordPress cleans of theirs it cleans for every role, and changing them now would
 * only send them to the website again.
 *
 * Migration 0015 leaves the backlog when there is anything to check; every host runs this when
 * it builds its services, and after a snapshot restore (an older snapshot brings its own). Each
 * chunk whose texts change is one write of the change log (a new revision: replicas, the hub and
 * the website get the cleaned texts) with the backlog's progress; a chunk with nothing to clean
 * moves the backlog on without a revision. A pass stopped midway goes on at the next start.
 */
import { type PostKind } from '#shared/kinds/registry.ts';
import { FILTERED, type Writer } from '#shared/text/kses/text-rules.ts';
import { can } from '../../auth/capabilities.ts';
import type { Clock } from '../../clock.ts';
import type { ChangeLog } from '../../store/change-log.repo.ts';
import type { HtmlRuleBacklog } from '../../store/html-rule-backlog.ts';
import type { UsersRepo } from '../../store/users.repo.ts';

/** Posts per chunk: what a write holds in memory and in one transaction. */
const CHUNK_POSTS = 500;

const POST_KINDS: readonly PostKind[] = ['event', 'venue', 'organizer'];

/** What each post kind's service offers for it (post-kernel.ts `toClean`, `cleanStored`). */
type Cleaner = {
  toClean(ids: readonly number[], writer: Writer): number[];
  cleanStored(ids: readonly number[], writer: Writer, rev: number, now: Date): unknown[];
};

type Deps = {
  backlog: HtmlRuleBacklog;
  users: UsersRepo;
  changes: ChangeLog;
  clock: Clock;
  kinds: Readonly<Record<PostKind, Cleaner>>;
};

/** Cleans what the backlog holds; how many records it stored again. */
export function cleanTextsBeforeHtmlRule(deps: Deps, chunkPosts = CHUNK_POSTS): number {
  const { backlog, changes, kinds } = deps;
  let from = backlog.next();
  // The usual start: nothing to check, one query.
  if (from === undefined) return 0;
  // Whose records keep their markup: the users whose role has `unfiltered_html`.
  const trusted = deps.users
    .list()
    .filter((user) => can.unfilteredHtml(user))
    .map((user) => user.id);
  const now = deps.clock.now();
  let stored = 0;
  while (from !== undefined) {
    const posts = backlog.posts(from, trusted, chunkPosts);
    const next = posts.length < chunkPosts ? undefined : posts.at(-1)!.id + 1;
    const idsOf = (kind: PostKind) => posts.filter((post) => post.kind === kind).map((p) => p.id);
    // Read first: a chunk that changes nothing makes no revision.
    const dirty = POST_KINDS.map((kind) => ({
      kind,
      ids: kinds[kind].toClean(idsOf(kind), FILTERED),
    })).filter(({ ids }) => ids.length > 0);
    if (dirty.length === 0) backlog.advance(next);
    else
      stored += changes.write(
        (rev) => {
          let count = 0;
          // Read again inside the write: a record changed meanwhile is cleaned as it is now.
          for (const { kind, ids } of dirty)
            count += kinds[kind].cleanStored(ids, FILTERED, rev, now).length;
          backlog.advance(next);
          return count;
        },
        { alone: true },
      );
    from = next;
  }
  return stored;
}
