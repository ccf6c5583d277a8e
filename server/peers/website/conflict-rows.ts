/**
 * A conflict's fields as the editor shows them: one row per field a person edits. A merge unit
 * may hold fields the editor does not show apart: a venue's state, province and `stateprovince`
 * are one region (view.ts), shown as the venue shows it (its `stateprovince`, else the state,
 * else the province).
 */
import type { Kind } from '#shared/kinds/registry.ts';
import { venueStateProvince } from '#shared/schemas/venue.ts';
import type { ConflictFields } from './merge.ts';
import type { ViewValue } from './remote.ts';

const REGION = ['state', 'province', 'stateprovince'] as const;

const textOf = (value: ViewValue | undefined) => (typeof value === 'string' ? value : '');

function regionOf(fields: ConflictFields, side: 'mine' | 'theirs'): string {
  const [state, province, stateprovince] = REGION.map((field) => textOf(fields[field]?.[side]));
  return venueStateProvince({ state: state!, province: province!, stateprovince: stateprovince! });
}

export function shownConflictFields(kind: Kind, fields: ConflictFields): ConflictFields {
  if (kind !== 'venue' || !REGION.some((field) => field in fields)) return fields;
  const shown: ConflictFields = {};
  for (const [field, values] of Object.entries(fields)) {
    if (!(REGION as readonly string[]).includes(field)) shown[field] = values;
    else if (!('stateprovince' in shown))
      shown.stateprovince = {
        mine: regionOf(fields, 'mine'),
        theirs: regionOf(fields, 'theirs'),
      };
  }
  return shown;
}
