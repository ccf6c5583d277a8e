/**
 * An event's yes/no fields, in the order TEC's answers give them. Each row names the record's
 * field, TEC's key (REST bodies and answers, the store's column), TEC's CSV importer column and
 * what it means (the API's docs), and whether the editor ticks it for a new event (a sync create
 * that leaves it out gets the same; TEC's REST API stores no flag unless sent). The record and body schemas, the TEC wire shape and mapper,
 * the body adapter, the store, the files and the editor read this table, so a new flag is a row
 * here, a migration that adds its column, and its label (`field.<field>`) in the locales.
 */
export const EVENT_FLAGS = [
  {
    field: 'showMap',
    initially: true,
    tec: 'show_map',
    csv: 'event_show_map',
    about: 'Whether to show a map of the venue.',
  },
  {
    field: 'showMapLink',
    initially: true,
    tec: 'show_map_link',
    csv: 'event_show_map_link',
    about: 'Whether to show a link to the venue’s map.',
  },
  {
    field: 'hideFromListings',
    initially: false,
    tec: 'hide_from_listings',
    csv: 'event_hide',
    about: 'Whether to leave the event out of lists.',
  },
  {
    field: 'sticky',
    initially: false,
    tec: 'sticky',
    csv: 'event_sticky',
    about: 'Whether the event comes first in its day of a month view.',
  },
  {
    field: 'featured',
    initially: false,
    tec: 'featured',
    csv: 'feature_event',
    about: 'Whether the event is featured.',
  },
] as const;

type FlagRow = (typeof EVENT_FLAGS)[number];
export type EventFlag = FlagRow['field'];
export type TecEventFlag = FlagRow['tec'];

/** `{[flag's key]: value(flag)}` for every flag, keyed by the record field or TEC's key. */
export function flagEntries<K extends 'field' | 'tec', V>(
  key: K,
  value: (flag: FlagRow) => V,
): { [F in FlagRow as F[K]]: V } {
  return Object.fromEntries(EVENT_FLAGS.map((flag) => [flag[key], value(flag)])) as {
    [F in FlagRow as F[K]]: V;
  };
}
