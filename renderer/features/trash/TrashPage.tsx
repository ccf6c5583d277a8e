/**
 * The trash: events moved there, newest first. Restoring puts an event back in the status it
 * had; deleting for good asks once, then removes it everywhere (the server keeps a tombstone).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarEvent } from '#shared/schemas/event.ts';
import { useReplica } from '../../data/replica-context.ts';
import { recordName, uiLanguage } from '../../ui/record-text.ts';
import { useDateFormat } from '../../hooks/use-date-format.ts';

export function TrashPage() {
  const { t, i18n } = useTranslation();
  const { events, records } = useReplica();
  const trashed = useLiveQuery(() => events.trash(), [events]);
  const [confirming, setConfirming] = useState<string>();
  const formatWhen = useDateFormat();
  const language = uiLanguage(i18n.language);
  const sorted = [...(trashed ?? [])].sort((a, b) => b.modified.localeCompare(a.modified));
  const restore = (event: CalendarEvent) =>
    records.update('event', event.uuid, { status: event.statusBeforeTrash ?? 'draft' });

  return (
    <section className="page" aria-labelledby="trash-heading">
      <h2 id="trash-heading" className="page-title">
        {t('nav.trash')}
      </h2>
      {trashed && sorted.length === 0 && <p className="muted">{t('trash.empty')}</p>}
      <ul className="record-list">
        {sorted.map((event) => {
          const name = recordName('event', event, language) ?? t('calendar.untitled');
          return (
            <li key={event.uuid} className="record-row">
              <div>
                <div className="record-name">{name}</div>
                <div className="muted">{formatWhen(event)}</div>
              </div>
              <div className="row-actions">
                {confirming === event.uuid ? (
                  <>
                    <span>{t('trash.confirm')}</span>
                    <button
                      type="button"
                      className="danger"
                      onClick={() => void records.destroy('event', event.uuid)}
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
                      onClick={() => void restore(event)}
                    >
                      {t('trash.restore')}
                    </button>
                    <button
                      type="button"
                      className="secondary danger-text"
                      aria-label={t('trash.deleteNamed', { name })}
                      onClick={() => setConfirming(event.uuid)}
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
