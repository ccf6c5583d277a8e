/** The record the address names (or a new one), loaded once into its editor. */
import type { LinkedKind } from '#shared/kinds/registry.ts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCalendarSettings, useRecord } from '../../data/hooks.ts';
import { blankRecord, type RecordOf } from '#shared/kinds/registry.ts';
import { recordValuesOf, type RecordFormValues } from './record-form.ts';
import { RecordEditor } from './RecordEditor.tsx';

type Props = { kind: LinkedKind; id: string; onOpen: (uuid: string) => void; onGone: () => void };

export function OpenRecord({ kind, id, onOpen, onGone }: Props) {
  const { t } = useTranslation();
  const { timezone } = useCalendarSettings();
  const isNew = id === 'new';
  const record = useRecord(kind, isNew ? undefined : id);
  // The record and its values as opened: changes are measured against these (see RecordEditor).
  const [initial, setInitial] = useState<RecordFormValues | undefined>(() =>
    isNew
      ? recordValuesOf(kind, blankRecord(kind, crypto.randomUUID(), new Date(), timezone))
      : undefined,
  );
  const [opened, setOpened] = useState<RecordOf>();
  if (!initial && record) {
    setInitial(recordValuesOf(kind, record));
    setOpened(record);
  }
  // A new record opens once saved, unless the user has moved on meanwhile.
  const shown = useRef(true);
  useEffect(
    () => () => {
      shown.current = false;
    },
    [],
  );
  const saved = (uuid: string) => {
    if (shown.current) onOpen(uuid);
  };
  if (!initial) return record === null ? <p className="muted">{t('records.missing')}</p> : null;
  return (
    <RecordEditor
      kind={kind}
      uuid={isNew ? undefined : id}
      initial={initial}
      {...(opened && { edited: { opened, current: record ?? undefined } })}
      onSaved={saved}
      onGone={onGone}
    />
  );
}
