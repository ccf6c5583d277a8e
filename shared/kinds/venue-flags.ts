/**
 * A venue's yes/no fields, in the order TEC's answers give them. Each row names the record's
 * field, TEC's key (REST bodies and answers, the store's column), what it means (the API's
 * docs) and what a new venue has. The record, body and TEC wire schemas, the body adapter, the
 * mapper, the store's spec and the editor read this table, as the event's flags do theirs
 * (event-flags.ts), so a new flag is a row here, a migration that adds its column, and its
 * label (`field.<field>`) in the locales.
 */
export const VENUE_FLAGS = [
  {
    field: 'showMap',
    initially: true,
    tec: 'show_map',
    about: 'Whether to show a map of the venue.',
  },
  {
    field: 'showMapLink',
    initially: true,
    tec: 'show_map_link',
    about: 'Whether to show a link to the venue’s map.',
  },
] as const;

type FlagRow = (typeof VENUE_FLAGS)[number];

/** `{[flag's key]: value(flag)}` for every venue flag, keyed by the record field or TEC's key. */
export function venueFlagEntries<K extends 'field' | 'tec', V>(
  key: K,
  value: (flag: FlagRow) => V,
): { [F in FlagRow as F[K]]: V } {
  return Object.fromEntries(VENUE_FLAGS.map((flag) => [flag[key], value(flag)])) as {
    [F in FlagRow as F[K]]: V;
  };
}
