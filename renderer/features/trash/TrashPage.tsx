/**
 * The trash: events, venues and organizers moved there, newest first, each with its kind.
 * Restoring puts a record back in the status it had; deleting for good asks once, then removes
 * it everywhere (the server keeps a tombstone). Categories and tags have no trash: they are
 * deleted for good from their own page.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordOf } from '#shared/kinds/registry.ts';
import type { CalendarEvent } from '#shared/schemas/event.ts';
import { useReplica } from '../../data/replica-context.ts';
import { recordName, uiLanguage } from '../../ui/record-text.ts';
import { useDateFormat } from '../../hooks/use-date-format.ts';

const TRASH_KINDS = ['event', 'venue', 'organizer'] as const;
type TrashKind = (typeof TRASH_KINDS)[number];
type Trashed = { kind: TrashKind; record: RecordOf };

export function TrashPage() {
  const { t, i18n } = useTranslation();
  const { records } = useReplica();
  const trashed = useLiveQuery(
    async () =>
      (await Promise.all(TRASH_KINDS.map((kind) => records.trash(kind)))).flatMap((list, index) =>
        list.map((record): Trashed => ({ kind: TRASH_KINDS[index]!, record })),
      ),
    [records],
  );
  const [confirming, setConfirming] = useState<string>();
  const formatWhen = useDateFormat();
  const language = uiLanguage(i18n.language);
  const sorted = [...(trashed ?? [])].sort((a, b) =>
    String(b.record.modified).localeCompare(String(a.record.modified)),
  );
  const restore = ({ kind, record }: Trashed) =>
    records.update(kind, record.uuid, {
      status: record.statusBeforeTrash ?? 'draft',
    });
  /** What tells it apart: an event's dates, a venue's city. */
  const detailOf = ({ kind, record }: Trashed) =>
    kind === 'event'
      ? formatWhen(record as unknown as CalendarEvent)
      : typeof record.city === 'string'
        ? record.city
        : '';

  return (
    <section className="page" aria-labelledby="trash-heading">
      <h2 id="trash-heading" className="page-title">
        {t('nav.trash')}
      </h2>
      {trashed && sorted.length === 0 && <p className="muted">{t('trash.empty')}</p>}
      <ul className="record-list">
        {sorted.map((item) => {
          const { kind, record } = item;
          const name = recordName(kind, record, language) ?? t('calendar.untitled');
          const detail = detailOf(item);
          return (
            <li key={record.uuid} className="record-row">
              <div>
                <div className="record-name">{name}</div>
                <div className="muted">
                  {t(`kind.${kind}`)}
                  {detail && ` · ${detail}`}
                </div>
              </div>
              <div className="row-actions">
                {confirming === record.uuid ? (
                  <>
                    <span>{t('trash.confirm')}</span>
                    <button
                      type="button"
                      className="danger"
                      onClick={() => void records.destroy(kind, record.uuid)}
                    >
                      {t('trash.deleteForGood')}
                    </button>
                    <button
                      type="button"
                      className="secondary"
                      onClick={() => setConfirming(undefined)}
                    >
                      {t('editor.cancel')}
                    </button>
                  </>
                ) : (
                  <>
                    <button
                      type="button"
                      className="secondary"
                      aria-label={t('trash.restoreNamed', { name })}
                      onClick={() => void restore(item)}
                    >
                      {t('trash.restore')}
                    </button>
                    <button
                      type="button"
                      className="secondary danger-text"
                      aria-label={t('trash.deleteNamed', { name })}
                      onClick={() => setConfirming(record.uuid)}
                    >
                      {t('trash.deleteForGood')}
                    </button>
                  </>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
