/** The events linked to a venue, organizer, category or tag, soonest first; each opens the editor. */
import type { LinkedKind } from '#shared/kinds/registry.ts';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { useContentLanguage } from '../../hooks/content-language.ts';
import { useDateFormat } from '../../hooks/use-date-format.ts';
import { useCalendarSettings } from '../../data/hooks.ts';
import { useReplica } from '../../data/replica-context.ts';
import { recordName } from '../../ui/record-text.ts';
import { useEventEditor } from '../../hooks/event-editor-context.ts';
import { EVENT_LINK } from './record-fields.ts';

export function LinkedEvents({ kind, uuid }: { kind: LinkedKind; uuid: string }) {
  const { t } = useTranslation();
  const { events } = useReplica();
  const editor = useEventEditor();
  const formatWhen = useDateFormat();
  const [language] = useContentLanguage();
  const { defaultLanguage } = useCalendarSettings();
  const linked = useLiveQuery(() => events.linkedTo(EVENT_LINK[kind], uuid), [events, kind, uuid]);
  const shown = (linked ?? [])
    .filter((event) => event.status !== 'trash')
    .sort((a, b) => a.startUtc.localeCompare(b.startUtc));
  const headingId = `linked-${uuid}`;
  return (
    <section className="linked-events" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('records.linkedEvents', { count: shown.length })}</h3>
      {linked && shown.length === 0 && <p className="muted">{t('records.noEvents')}</p>}
      <ul className="linked-list">
        {shown.map((event) => (
          <li key={event.uuid}>
            <button type="button" className="link-button" onClick={() => editor.open(event.uuid)}>
              {recordName('event', event, language, defaultLanguage) ?? t('calendar.untitled')}
            </button>
            <span className="muted">{formatWhen(event)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
