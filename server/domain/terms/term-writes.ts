/**
 * Writing categories and tags: create with a unique name (term_exists) and slug, update with a
 * parent that makes no loop, the terms an event body names (made when new), and hard deletes
 * that hand children to the grandparent. Validation (400) comes before permission.
 */
import { randomUUID } from 'node:crypto';
import { applyPatch } from '#shared/kinds/apply-patch.ts';
import { KIND, type TermPatch } from '#shared/kinds/registry.ts';
import type { Language } from '#shared/languages.ts';
import { withTranslation } from '#shared/schemas/multilingual.ts';
import { cleanField, cleanPatch } from '#shared/text/kses/text-rules.ts';
import { toUtcString } from '#shared/time/datetime.ts';
import { can } from '../../auth/capabilities.ts';
import { invalidParams, missingParams } from '../errors.ts';
import type { DomainContext } from '../context.ts';
import type { ChangeLog } from '../../store/change-log.repo.ts';
import { requireCaller } from '../posts/access.ts';
import type { PostsRepo } from '../../store/posts.repo.ts';
import type { TaxonomyConfig } from './taxonomies.ts';
import type { TermRules } from './term-rules.ts';
import type { StoredTerm, TermsRepo } from '../../store/terms.repo.ts';
import type { LinkIndex } from '../../store/link-index.ts';

export function createTermWrites(
  deps: {
    terms: TermsRepo;
    posts: PostsRepo;
    changes: ChangeLog;
    /** A fresh index of ids and uuids, for one write. */
    links: () => LinkIndex;
  },
  { find, parentOf, checkName, slugFor }: TermRules,
  /** Published-event counts (a deleted term answers with its own). */
  countsOf: (ids: readonly number[]) => Map<number, number>,
) {
  const { terms, posts, changes, links } = deps;

  /** The parent a patch names (undefined: unchanged, null: none), checked as a TEC body's is. */
  function parentIdOf(
    config: TaxonomyConfig,
    patch: TermPatch,
    selfId: number | undefined,
    index: LinkIndex,
  ): number | null | undefined {
    // Tags have no parent: "none" is no change; a real one is refused, as the API does.
    if (patch.parentUuid === undefined || (patch.parentUuid === null && !config.hierarchical))
      return undefined;
    if (patch.parentUuid === null) return parentOf(config, 0, selfId);
    const id = index.idsOf(config.taxonomy, [patch.parentUuid]).get(patch.parentUuid);
    if (id === undefined && config.hierarchical)
      throw invalidParams({
        parentUuid: `parentUuid: no ${config.taxonomy} has the uuid ${patch.parentUuid}`,
      });
    return parentOf(config, id ?? 0, selfId);
  }

  /** The patch's texts as the caller may write them (WordPress cleans a term's for every role). */
  const cleaned = (config: TaxonomyConfig, patch: TermPatch, context: DomainContext) =>
    cleanPatch(config.taxonomy, patch, { unfilteredHtml: can.unfilteredHtml(context.actor) });

  /** The languages a patch writes a name, description or slug in. */
  const languagesOf = (patch: TermPatch) =>
    [
      ...new Set(
        [patch.name, patch.description, patch.slug].flatMap((texts) => Object.keys(texts ?? {})),
      ),
    ] as Language[];

  /**
   * The term after a patch: texts per language, and in each language written the slug sent or
   * one made from the name where it has none (a taken slug is refused: WordPress's rule).
   */
  function apply(config: TaxonomyConfig, term: StoredTerm, patch: TermPatch): StoredTerm {
    // The parent is the caller's to set, checked (parentIdOf).
    const next = applyPatch(config.taxonomy, term, { ...patch, parentUuid: undefined });
    for (const language of languagesOf(patch)) {
      const wanted = patch.slug?.[language];
      const name = next.name[language] ?? '';
      if (wanted !== undefined || (name && !term.slug[language]))
        next.slug = withTranslation(
          next.slug,
          language,
          slugFor(config, language, wanted, name, term.id || undefined),
        );
    }
    return next;
  }

  /** Stores a new term, its checks done. */
  function insert(
    config: TaxonomyConfig,
    patch: TermPatch,
    parentId: number | null,
    context: DomainContext,
    uuid: string,
  ): StoredTerm {
    const now = toUtcString(context.now);
    return changes.write((rev) => {
      const blank = KIND[config.taxonomy].blank(uuid, context.now);
      const term: StoredTerm = {
        ...apply(config, { ...blank, parentId: null }, patch),
        parentUuid: patch.parentUuid ?? null,
        parentId,
        created: now,
        modified: now,
        rev,
      };
      return { ...term, id: terms.insert(term) };
    });
  }

  return {
    /**
     * A new term from a patch (a TEC body's in the request's language). `uuid`: the identity a
     * sync client chose for a term it created offline; `index`: ids and uuids already found.
     */
    create(
      config: TaxonomyConfig,
      patch: TermPatch,
      context: DomainContext,
      options: { uuid?: string; index?: LinkIndex } = {},
    ): StoredTerm {
      const { uuid = randomUUID(), index = links() } = options;
      patch = cleaned(config, patch, context);
      const parentId = parentIdOf(config, patch, undefined, index) ?? null;
      requireCaller(context, can.createTerms);
      const names = Object.values(patch.name ?? {}).filter(Boolean);
      if (names.length === 0) throw missingParams(['name']);
      for (const name of names) checkName(config, name, parentId);
      return insert(config, patch, parentId, context, uuid);
    },

    /** Changes a term with a patch: one read, no read back. */
    update(
      config: TaxonomyConfig,
      id: number,
      patch: TermPatch,
      context: DomainContext,
      options: { index?: LinkIndex } = {},
    ): StoredTerm {
      const { index = links() } = options;
      patch = cleaned(config, patch, context);
      const term = find(config, id);
      const parent = parentIdOf(config, patch, id, index);
      requireCaller(context, can.manageTerms);
      // No term_exists here: WordPress's wp_update_term refuses only a taken slug.
      const next: StoredTerm = {
        ...apply(config, term, patch),
        ...(parent === undefined
          ? {}
          : { parentId: parent, parentUuid: parent === null ? null : patch.parentUuid! }),
      };
      const now = toUtcString(context.now);
      return changes.write((rev) => {
        const saved = { ...next, rev, modified: now };
        terms.update(saved, term);
        return saved;
      });
    },

    /**
     * Terms named in an event body (ids, slugs or names): unknown ids are skipped as TEC does, a
     * name or slug in use links that term, any other name creates one, whoever writes the event.
     * Joins the event's write.
     */
    ensure(
      config: TaxonomyConfig,
      items: readonly string[],
      context: DomainContext,
      /** The ids and uuids this write has already looked up. */
      index: LinkIndex,
    ): number[] {
      const { language } = context;
      const numeric = items.filter((item) => /^\d+$/.test(item)).map(Number);
      const known = index.uuidsOf(config.taxonomy, numeric);
      const ids: number[] = [];
      const writer = { unfilteredHtml: can.unfilteredHtml(context.actor) };
      for (const sent of items) {
        if (/^\d+$/.test(sent)) {
          if (known.has(Number(sent))) ids.push(Number(sent));
          continue;
        }
        // The name as WordPress keeps it, so the same name sent again finds the same term.
        const item = cleanField(config.taxonomy, 'name', sent, writer) as string;
        if (!item) continue;
        const existing =
          terms.idBySlug(config.taxonomy, item, language) ??
          terms.idsByName(config.taxonomy, item)[0];
        if (existing !== undefined) {
          ids.push(existing);
          continue;
        }
        // Whoever may write the event names new terms, categories too: TEC 6.17.2 creates a
        // contributor's new category with the event (measured on the real site).
        const term = insert(config, { name: { [language]: item } }, null, context, randomUUID());
        index.remember(config.taxonomy, term.id, term.uuid);
        ids.push(term.id);
      }
      return [...new Set(ids)];
    },

    /** Deletes for good (TEC forces it), handing children to the grandparent; returns the term as it was. */
    remove(
      config: TaxonomyConfig,
      id: number,
      context: DomainContext,
    ): { term: StoredTerm; count: number } {
      const term = find(config, id);
      requireCaller(context, can.manageTerms);
      const count = countsOf([id]).get(id) ?? 0;
      const now = toUtcString(context.now);
      changes.write((rev) => {
        terms.reparentChildren(id, term.parentId, rev, now);
        posts.touch(terms.eventIdsOf(id), rev, now, [
          config.taxonomy === 'category' ? 'categoryUuids' : 'tagUuids',
        ]);
        changes.tombstone(config.taxonomy, term.uuid, id, rev, now);
        terms.delete(id);
      });
      return { term, count };
    },
  };
}
