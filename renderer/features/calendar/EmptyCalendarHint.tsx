/**
 * The first open: a calendar with no events says how to begin (create one, or import a file)
 * instead of showing an empty grid. It waits for the first sync pass, so a new browser on a
 * full calendar does not flash it while the replica fills.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { useSyncStatus } from '../../data/hooks.ts';
import { useReplica } from '../../data/replica-context.ts';
import { useCommands } from '../../hooks/commands-context.ts';

export function EmptyCalendarHint() {
  const { t } = useTranslation();
  const { events } = useReplica();
  const { syncing } = useSyncStatus();
  const commands = useCommands();
  const hasEvents = useLiveQuery(() => events.hasAny(), [events]);
  if (syncing || hasEvents !== false) return null;
  return (
    <section className="empty-hint" aria-labelledby="empty-hint-title">
      <h3 id="empty-hint-title">{t('calendar.emptyTitle')}</h3>
      <p className="muted">{t('calendar.emptyText')}</p>
      <div className="row-actions">
        <button type="button" onClick={() => commands.run('newEvent')}>
          {t('calendar.createFirst')}
        </button>
        <button type="button" className="secondary" onClick={() => commands.run('importFile')}>
          {t('commands.importFile')}
        </button>
      </div>
    </section>
  );
}
