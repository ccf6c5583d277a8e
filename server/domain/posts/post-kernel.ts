/**
 * The post kernel's rules: what every post kind (events, venues, organizers) does the same way
 * once its record is found: apply a patch, store a change in one change-log write without
 * reading it back, and move to the trash or delete for good. A kind's service adds what is its
 * own (lists, links, TEC's duplicate avoidance…).
 *
 * Applying a patch is the shared rule (shared/kinds/apply-patch.ts, which the editor's replica
 * applies too), then what needs the store or the caller: slugs made unique per kind and
 * language, the caller's role on the status, the author, and scheduled publication. Every
 * door's write (TEC bodies, sync, imports) goes through it.
 */
import { type PostKind } from '#shared/kinds/registry.ts';
import type { Language } from '#shared/languages.ts';
import { applyPatch } from '#shared/kinds/apply-patch.ts';
import { KIND, type Patch } from '#shared/kinds/registry.ts';
import { statusBeforeTrashAfter, type PostStatus } from '#shared/schemas/common.ts';
import { withTranslation, type Multilingual } from '#shared/schemas/multilingual.ts';
import { changedFieldKeys } from '#shared/sync/fields.ts';
import { cleanPatch, type Writer } from '#shared/text/kses/text-rules.ts';
import { toUtcString } from '#shared/time/datetime.ts';
import { can } from '../../auth/capabilities.ts';
import type { Principal } from '../../auth/principal.ts';
import type { ChangeLog } from '../../store/change-log.repo.ts';
import type { PostRecord as StoredPost } from '../../store/post-records.repo.ts';
import type { PostsRepo } from '../../store/posts.repo.ts';
import type { DomainContext } from '../context.ts';
import { invalidParams, type DomainError } from '../errors.ts';
import { requireCaller } from './access.ts';
import {
  assignableAuthor,
  assignSlug,
  scaleStatus,
  scheduledStatus,
  slugsForStatus,
  slugTaken,
} from './post-rules.ts';

/** The languages a patch sends a text in. */
function languagesOf(kind: PostKind, patch: Patch): Language[] {
  const sent = KIND[kind].translatable.flatMap((field) =>
    Object.keys((patch[field] as Multilingual | undefined) ?? {}),
  );
  return [...new Set(sent)] as Language[];
}

/**
 * The slugs after a write: in each language the patch writes, the slug sent (when it differs
 * from the one stored; the same one sent again, a sync client's copy, is kept as it is), or one
 * made from the name when the language has none yet.
 */
function slugsAfter(
  posts: PostsRepo,
  kind: PostKind,
  before: StoredPost,
  patch: Patch,
  next: StoredPost,
): Multilingual {
  const inTrash = next.status === 'trash';
  const names = (next as Record<string, unknown>)[KIND[kind].nameField] as Multilingual;
  const sent = (patch.slug as Multilingual | undefined) ?? {};
  let slugs = next.slug;
  for (const language of languagesOf(kind, patch)) {
    const wanted = sent[language];
    const name = names[language];
    if (
      (wanted !== undefined && wanted !== before.slug[language]) ||
      (name && !before.slug[language])
    )
      slugs = withTranslation(
        slugs,
        language,
        assignSlug(posts, kind, language, wanted, name ?? '', {
          id: before.id,
          inTrash,
          current: before.slug[language],
        }),
      );
  }
  return slugs;
}

function patchPost<R extends StoredPost>(
  posts: PostsRepo,
  kind: PostKind,
  before: R,
  patch: Patch,
  caller: Principal,
  context: DomainContext,
): R {
  // The texts as the caller's role may write them (WordPress's kses), whatever the door.
  const writer = { unfilteredHtml: can.unfilteredHtml(caller) };
  const cleaned = cleanPatch(kind, patch, writer);
  const next = applyPatch(kind, before, cleaned, {
    slugTaken: slugTaken(posts, kind, before.id),
  });
  if (patch.status !== undefined) next.status = scaleStatus(caller, patch.status as PostStatus);
  next.author = assignableAuthor(caller, patch.author as number | undefined, before.author);
  next.status = scheduledStatus(next.status, next.date, context.now);
  // After the status: a slug written to a post in the trash is made free in its trashed form.
  next.slug = slugsAfter(posts, kind, before, patch, next);
  next.statusBeforeTrash = statusBeforeTrashAfter(before, next.status);
  next.slug = slugsForStatus(posts, kind, before.id, next.slug, next.status);
  return next;
}

type PostKernelSpec<R extends StoredPost> = {
  kind: PostKind;
  repo: {
    get(id: number): R | undefined;
    getMany(ids: readonly number[]): R[];
    insert(record: R): number;
    update(record: R, before: R): void;
  };
  /** The error for an id that is no record of the kind. */
  notFound(id: number): DomainError;
  /** The error for trashing a record already in the trash. */
  inTrash(id: number): DomainError;
  /** Records whose output names this one, and which of their fields, when it is deleted. */
  dependents(id: number): { ids: number[]; fields: string[] };
};

type Deps = { posts: PostsRepo; changes: ChangeLog };

export type PostKernel<R extends StoredPost> = ReturnType<typeof createPostKernel<R>>;

export function createPostKernel<R extends StoredPost>(spec: PostKernelSpec<R>, deps: Deps) {
  const { kind, repo } = spec;
  const { posts, changes } = deps;

  function find(id: number): R {
    const record = repo.get(id);
    if (!record) throw spec.notFound(id);
    return record;
  }

  /** Stores a changed record at `rev`; the answer is the record stored, not read back. */
  function save(record: R, before: R, rev: number, context: Pick<DomainContext, 'now'>): R {
    const saved = { ...record, rev, modified: toUtcString(context.now) };
    repo.update(saved, before);
    return saved;
  }

  /** The record after a patch: the shared rule and the post rules. */
  function apply(record: R, patch: Patch, caller: Principal, context: DomainContext): R {
    if (patch.image && !can.uploadFiles(caller))
      throw invalidParams({ image: 'image: your role may not add images' });
    return patchPost(posts, kind, record, patch, caller, context);
  }

  /** `records` with their texts as `writer` may write them, those whose texts change. */
  function cleaned(records: readonly R[], writer: Writer): { record: R; before: R }[] {
    return records.flatMap((before) => {
      const record = cleanPatch(kind, before, writer);
      return changedFieldKeys(kind, before, record).length > 0 ? [{ record, before }] : [];
    });
  }

  /**
   * Texts stored before the rule of who may write HTML (which every write applies since): the
   * ids of the records `ids` whose texts `writer` may not write as they are.
   */
  function toClean(ids: readonly number[], writer: Writer): number[] {
    return cleaned(repo.getMany(ids), writer).map(({ before }) => before.id);
  }

  /** Stores the records `ids` again at `rev`, their texts as `writer` may write them. */
  function cleanStored(ids: readonly number[], writer: Writer, rev: number, now: Date): R[] {
    return cleaned(repo.getMany(ids), writer).map(({ record, before }) =>
      save(record, before, rev, { now }),
    );
  }

  /** Stores a new record (a write's `rev` set); the answer is the record with its id. */
  function insert(record: R): R {
    return { ...record, id: repo.insert(record) };
  }

  /** Moves to the trash (410 when already there), or deletes for good with `force`. */
  function remove(id: number, force: boolean, context: DomainContext): R {
    return removeRecord(find(id), force, context);
  }

  /** `remove` for a record already read (a series' occurrences, read together). */
  function removeRecord(record: R, force: boolean, context: DomainContext): R {
    const { id } = record;
    requireCaller(context, (user) => can.deletePost(user, record));
    if (force) {
      const now = toUtcString(context.now);
      const { ids, fields } = spec.dependents(id);
      changes.write((rev) => {
        posts.touch(ids, rev, now, fields);
        changes.tombstone(kind, record.uuid, id, rev, now);
        posts.delete(id);
      });
      return record;
    }
    if (record.status === 'trash') throw spec.inTrash(id);
    // One write: the status and the freed slugs (`slug__trashed`) together.
    const trashed = {
      ...record,
      status: 'trash',
      statusBeforeTrash: record.status,
      slug: slugsForStatus(posts, kind, id, record.slug, 'trash'),
    };
    return changes.write((rev) => save(trashed, record, rev, context));
  }

  return { find, apply, save, toClean, cleanStored, insert, remove, removeRecord };
}
