/**
 * A sync patch (internal, multilingual shape) → the REST bodies that carry it: one with the
 * shared fields and the first language's texts, then one per further language. Pushes go through
 * the same body schemas and services as the REST API, so sync cannot store what
 * `POST /events` would refuse.
 */
import type {
  OrganizerPatch,
  TermPatch,
  VenuePatch,
  Kind,
} from '#shared/kinds/registry.ts';
import { LANGUAGES, type Language } from '#shared/languages.ts';
import type { Multilingual } from '#shared/schemas/multilingual.ts';

/** Turns a linked record's uuid into its id (the caller refuses unknown ones). */
export type IdOf = (uuid: string, kind: Kind, field: string) => number;

export type Bodies = {
  shared: Record<string, unknown>;
  languages: [Language, Record<string, unknown>][];
};

/** Drops keys whose value is undefined (not sent). */
function defined(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
}

/** Per language, the translatable fields sent in it under their REST names. */
function texts(
  fields: Record<string, Multilingual | undefined>,
): [Language, Record<string, unknown>][] {
  return LANGUAGES.flatMap((language) => {
    const body = defined(
      Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, value?.[language]])),
    );
    return Object.keys(body).length > 0
      ? [[language, body] as [Language, Record<string, unknown>]]
      : [];
  });
}

const postFields = (patch: {
  status?: string;
  author?: number;
  date?: string;
  password?: string;
}) => ({
  status: patch.status,
  author: patch.author,
  date_utc: patch.date,
  password: patch.password,
});

export function venueBodies(patch: VenuePatch): Bodies {
  const {
    name,
    description,
    excerpt,
    slug,
    showMap,
    showMapLink,
    status,
    author,
    date,
    password,
    ...details
  } = patch;
  return {
    shared: defined({
      ...postFields({ status, author, date, password }),
      ...details,
      show_map: showMap,
      show_map_link: showMapLink,
    }),
    languages: texts({ venue: name, description, excerpt, slug }),
  };
}

export function organizerBodies(patch: OrganizerPatch): Bodies {
  const { name, description, excerpt, slug, status, author, date, password, ...details } = patch;
  return {
    shared: defined({ ...postFields({ status, author, date, password }), ...details }),
    languages: texts({ organizer: name, description, excerpt, slug }),
  };
}

export function termBodies(patch: TermPatch, kind: 'category' | 'tag', idOf: IdOf): Bodies {
  // Tags have no parent: only a real one is passed on (and refused, as the API does).
  const parent =
    patch.parentUuid === undefined || (patch.parentUuid === null && kind === 'tag')
      ? undefined
      : patch.parentUuid === null
        ? 0
        : idOf(patch.parentUuid, kind, 'parentUuid');
  return {
    shared: defined({ parent }),
    languages: texts({ name: patch.name, description: patch.description, slug: patch.slug }),
  };
}
