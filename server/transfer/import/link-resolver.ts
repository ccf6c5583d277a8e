/**
 * Venues, organizers, categories and tags an import's events name, found by name once per
 * import (TEC's importer matches them by name too) and created by the write command the first
 * time a name is new (a plain create: TEC's same-name reuse, already ruled out here, is not
 * looked up again). Looking each name up per event would scan every
 * text per row. A venue named with an address is found by its address too
 * (venue-by-address.ts).
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
import { createImportRepo, type NamedId, type StoredVenue } from '../../store/import.repo.ts';
import { fileAddressKey, namesApart, sameOrNoAddress } from './venue-by-address.ts';

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

/** The calendar's venues by folded name, oldest first, and those the import makes. */
function venueNames(deps: LinkResolverDeps, rows: readonly StoredVenue[]) {
  const byName = new Map<string, StoredVenue[]>();
  // Each spelling is folded once, as `once` below does for the other kinds.
  const keys = new Map<string, string>();
  const keyOf = (name: string) => {
    let key = keys.get(name);
    if (key === undefined) keys.set(name, (key = fold(name)));
    return key;
  };
  const add = (venue: StoredVenue) => {
    const key = keyOf(venue.name);
    const list = byName.get(key);
    if (!list) byName.set(key, [venue]);
    else if (!list.some((known) => known.id === venue.id)) list.push(venue);
  };
  rows.forEach(add);
  return {
    named: (name: string): readonly StoredVenue[] => byName.get(keyOf(name)) ?? [],
    create(venue: FileVenue, context: DomainContext): number {
      const { id } = deps.venues.create(venuePatch(venue, context.language), context);
      const { name, address = '', city = '', province = '', zip = '', country = '' } = venue;
      add({ id, name, address, city, region: province, zip, country });
      return id;
    },
  };
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

  const venues = venueNames(deps, repo.venueAddresses());

  return {
    /** The venue's id, and `as`: the name it has when not the file's (another address). */
    venue(venue: FileVenue, context: DomainContext): { id: number; as?: string } {
      const namesakes = venues.named(venue.name);
      const found = fileAddressKey(venue) ? sameOrNoAddress(venue, namesakes) : namesakes[0];
      if (found) return { id: found.id };
      if (namesakes.length === 0) return { id: venues.create(venue, context) };
      for (const name of namesApart(venue)) {
        const apart = venues.named(name);
        const same = sameOrNoAddress(venue, apart);
        if (same) return { id: same.id, as: name };
        if (apart.length === 0) return { id: venues.create({ ...venue, name }, context), as: name };
      }
      throw new Error('unreachable: namesApart never ends');
    },
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
