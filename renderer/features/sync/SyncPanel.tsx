/**
 * The changes that need the user: every conflict and refusal sync met, until each is resolved,
 * the hub's conflicts (HubConflicts.tsx: a field changed here and on another laptop) and the
 * website's (WebsiteConflicts.tsx).
 */
import { useTranslation } from 'react-i18next';
import { useProblems } from '../../data/hooks.ts';
import { ProblemCard } from './ProblemCard.tsx';
import { HubConflicts } from '../../ui/HubConflicts.tsx';
import { WebsiteConflicts } from '../../ui/WebsiteConflicts.tsx';

export const SYNC_PANEL_ID = 'sync-panel';

export function SyncPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const problems = useProblems() ?? [];
  const headingId = 'sync-panel-heading';
  return (
    <section id={SYNC_PANEL_ID} className="card sync-panel" aria-labelledby={headingId}>
      <div className="panel-head">
        <h2 id={headingId}>{t('sync.panelHeading')}</h2>
        <button type="button" className="secondary" onClick={onClose}>
          {t('sync.close')}
        </button>
      </div>
      {problems.length === 0 ? (
        <p>{t('sync.nothing')}</p>
      ) : (
        <>
          <p className="muted">{t('sync.panelIntro')}</p>
          {problems.map((problem) => (
            <ProblemCard key={problem.mutationId} problem={problem} />
          ))}
        </>
      )}
      <HubConflicts />
      <WebsiteConflicts />
    </section>
  );
}
