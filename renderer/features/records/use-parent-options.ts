/** The categories a category may sit under: all but itself and those under it (no cycles). */
import { useMemo } from 'react';
import type { Language } from '#shared/languages.ts';
import { useLiveQuery } from 'dexie-react-hooks';
import { useReplica } from '../../data/replica-context.ts';
import type { PickerOption } from '../../ui/RecordPicker.tsx';
import { useLinkOptions } from '../../hooks/use-link-options.ts';

export function useParentOptions(uuid: string | undefined, language: Language): PickerOption[] {
  const { records } = useReplica();
  const options = useLinkOptions('category', language);
  const all = useLiveQuery(() => records.list('category'), [records]);
  return useMemo(() => {
    if (!uuid) return options;
    const children = new Map<string, string[]>();
    for (const category of all ?? []) {
      const parent = typeof category.parentUuid === 'string' ? category.parentUuid : '';
      children.set(parent, [...(children.get(parent) ?? []), category.uuid]);
    }
    const excluded = new Set<string>();
    const visit = (id: string) => {
      if (excluded.has(id)) return;
      excluded.add(id);
      for (const child of children.get(id) ?? []) visit(child);
    };
    visit(uuid);
    return options.filter((option) => !excluded.has(option.uuid));
  }, [all, options, uuid]);
}
