/**
 * What the event editor's pickers offer: every venue, organizer, category and tag in the
 * replica, named in the language being edited (categories with their parents: "Music › Jazz";
 * venues with their city), with the plain names and slugs a typed name is matched against,
 * and with `withTrashed` the venues and organizers in the trash, marked so, for an event that
 * still names one.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '#shared/languages.ts';
import type { Kind } from '#shared/kinds/registry.ts';
import type { RecordOf } from '#shared/kinds/registry.ts';
import { useReplica } from '../data/replica-context.ts';
import type { PickerOption } from '../ui/RecordPicker.tsx';
import { recordName } from '../ui/record-text.ts';

/** Between a category and its parents in labels: "Music › Jazz". */
export const PATH_SEPARATOR = ' › ';

function withParents(records: readonly RecordOf[], name: (record: RecordOf) => string) {
  const byUuid = new Map(records.map((record) => [record.uuid, record]));
  return (record: RecordOf): string => {
    const path = [name(record)];
    const seen = new Set([record.uuid]);
    let parent = byUuid.get(String(record.parentUuid));
    while (parent && !seen.has(parent.uuid)) {
      seen.add(parent.uuid);
      path.unshift(name(parent));
      parent = byUuid.get(String(parent.parentUuid));
    }
    return path.join(PATH_SEPARATOR);
  };
}

/** The plain names (in every language) and slugs a record answers to when typed. */
const names = (record: RecordOf): string[] =>
  [record.name, record.slug].flatMap((texts) =>
    texts && typeof texts === 'object' ? Object.values(texts as Record<string, string>) : [],
  );

export function useLinkOptions(
  kind: Kind,
  language: Language,
  withTrashed = false,
): PickerOption[] {
  const { t } = useTranslation();
  const { records } = useReplica();
  const all = useLiveQuery(
    async () => ({
      live: await records.list(kind),
      trashed:
        withTrashed && (kind === 'venue' || kind === 'organizer') ? await records.trash(kind) : [],
    }),
    [records, kind, withTrashed],
  );
  return useMemo(() => {
    const name = (record: RecordOf) => recordName(kind, record, language) ?? t('sync.untitled');
    const live = all?.live ?? [];
    const label =
      kind === 'category'
        ? withParents(live, name)
        : kind === 'venue'
          ? (record: RecordOf) =>
              typeof record.city === 'string' && record.city
                ? `${name(record)} (${record.city})`
                : name(record)
          : name;
    return [
      ...live.map((record) => ({ uuid: record.uuid, label: label(record), names: names(record) })),
      ...(all?.trashed ?? []).map((record) => ({
        uuid: record.uuid,
        label: label(record),
        trashed: true,
      })),
    ].sort((a, b) => a.label.localeCompare(b.label, language));
  }, [all, kind, language, t]);
}
