/**
 * Says at once, in an open editor, that its record was changed elsewhere meanwhile (another tab
 * or browser, the API, a sync, an import), and which fields; "Show" lists them as they are now.
 * Saving keeps those changes: only what the user changed is saved, and a field both changed is
 * asked about in the conflict screen (records.updateFrom).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Kind, RecordOf } from '#shared/kinds/registry.ts';
import { changedFieldKeys } from '#shared/sync/fields.ts';
import { fieldOfKey } from '#shared/sync/concurrent-edit.ts';
import { FieldValue } from './FieldValue.tsx';

type Props = { kind: Kind; opened: RecordOf; current: RecordOf };

export function ChangedElsewhere({ kind, opened, current }: Props) {
  const { t, i18n } = useTranslation();
  const [showing, setShowing] = useState(false);
  const fields = [
    ...new Set(changedFieldKeys(kind, opened, current).map((key) => fieldOfKey(kind, key))),
  ];
  if (fields.length === 0) return null;
  // An event's times are one field: "When".
  const times = kind === 'event';
  const label = (field: string) =>
    times && field === 'start' ? t('editor.when') : t(`field.${field}` as 'field.title');
  const names = new Intl.ListFormat(i18n.language, { type: 'conjunction', style: 'narrow' }).format(
    fields.map(label),
  );
  return (
    <div className="changed-elsewhere" role="status">
      <p>
        <strong>{t('editor.changedElsewhere', { fields: names })}</strong>{' '}
        <span className="muted">{t('editor.changedElsewhereKept')}</span>{' '}
        <button
          type="button"
          className="link-button"
          aria-expanded={showing}
          onClick={() => setShowing(!showing)}
        >
          {showing ? t('editor.hideChanges') : t('editor.showChanges')}
        </button>
      </p>
      {showing && (
        <table className="problem-fields">
          <thead>
            <tr>
              <th scope="col">{t('sync.field')}</th>
              <th scope="col">{t('editor.nowElsewhere')}</th>
            </tr>
          </thead>
          <tbody>
            {fields.map((field) => (
              <tr key={field}>
                <th scope="row">{label(field)}</th>
                <td>
                  {times && field === 'start' ? (
                    <span>
                      {String(current.start)} – {String(current.end)} ({String(current.timezone)})
                    </span>
                  ) : (
                    <FieldValue kind={kind} field={field} value={current[field]} />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
