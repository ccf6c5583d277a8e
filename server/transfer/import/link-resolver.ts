/**
 * Venues, organizers, categories and tags an import's events name, found by name once per
 * import (TEC's importer matches them by name too) and created by the write command the first
 * time a name is new (a plain create: TEC's same-name reuse, already ruled out here, is not
 * looked up again). Looking each name up per event would scan every
 * text per row.
 */
import { foldText } from '#shared/text/fold.ts';
import { invalidParams } from '../../domain/errors.ts';
import type { LinkIndex } from '../../store/link-index.ts';
import type { DomainContext } from '../../domain/context.ts';
import { CATEGORIES, TAGS } from '../../domain/terms/taxonomies.ts';
import type { TermsService } from '../../domain/terms/terms.service.ts';
import type {
  OrganizersService,
  VenuesService,
} from '../../domain/linked-posts/linked-posts.service.ts';
import type { Database } from '../../store/database.ts';
import type { FileOrganizer, FileVenue } from '../file-records.ts';
import { organizerPatch, venuePatch } from './linked-post-patch.ts';
import { createImportRepo, type NamedId } from './import.repo.ts';

const fold = (name: string) => foldText(name.trim());

type Names = Map<string, number>;

/** The first id each folded name has (rows come oldest first). */
function namesOf(rows: readonly NamedId[]): Names {
  const names: Names = new Map();
  for (const row of rows) {
    const key = fold(row.name);
    if (!names.has(key)) names.set(key, row.id);
  }
  return names;
}

type LinkResolverDeps = {
  db: Database;
  venues: VenuesService;
  organizers: OrganizersService;
  terms: TermsService;
};

export function createLinkResolver(deps: LinkResolverDeps, index: LinkIndex) {
  const repo = createImportRepo(deps.db);
  const known = {
    venue: namesOf(repo.postNames('venue')),
    organizer: namesOf(repo.postNames('organizer')),
    category: namesOf(repo.termNames('category')),
    tag: namesOf(repo.termNames('tag')),
  };
  // Each spelling is folded once: 100k events name a few hundred.
  const folded = new Map<string, string>();
  const once = (names: Names, name: string, create: () => number): number => {
    let key = folded.get(name);
    if (key === undefined) folded.set(name, (key = fold(name)));
    let id = names.get(key);
    if (id === undefined) names.set(key, (id = create()));
    return id;
  };

  return {
    venue: (venue: FileVenue, context: DomainContext): number =>
      once(
        known.venue,
        venue.name,
        () => deps.venues.create(venuePatch(venue, context.language), context).id,
      ),
    organizer: (organizer: FileOrganizer, context: DomainContext): number =>
      once(
        known.organizer,
        organizer.name,
        () => deps.organizers.create(organizerPatch(organizer, context.language), context).id,
      ),
    terms: (taxonomy: 'category' | 'tag', names: string[], context: DomainContext): number[] =>
      names.map((name) =>
        once(known[taxonomy], name, () => {
          const [id] = deps.terms.ensure(
            taxonomy === 'category' ? CATEGORIES : TAGS,
            [name],
            context,
            index,
          );
          // Only a name of digits is not made: it is read as an id (as TEC does), and none has it.
          if (id === undefined)
            throw invalidParams({
              [taxonomy === 'category' ? 'categories' : 'tags']:
                `${taxonomy} "${name}" is read as an id (it is all digits), and no ${taxonomy} has it`,
            });
          return id;
        }),
      ),
  };
}
