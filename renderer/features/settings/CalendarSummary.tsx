/** Counts of published records per kind, the calendar's time zone and default content language. */
import { useTranslation } from 'react-i18next';
import { LANGUAGE_ENDONYMS } from '#shared/languages.ts';
import type { Health, RecordCounts } from '#shared/schemas/health.ts';

const KINDS: readonly (keyof RecordCounts)[] = [
  'events',
  'venues',
  'organizers',
  'categories',
  'tags',
];

export function CalendarSummary({ health }: { health: Health | undefined }) {
  const { t } = useTranslation();
  const headingId = 'calendar-summary-heading';
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('summary.heading')}</h2>
      <dl className="counts">
        {KINDS.map((kind) => (
          <div key={kind} className="count">
            <dt>{t(`summary.${kind}`)}</dt>
            <dd>{health ? health.counts[kind] : '–'}</dd>
          </div>
        ))}
      </dl>
      <dl className="facts">
        <div>
          <dt>{t('summary.timezone')}</dt>
          <dd>{health?.timezone ?? '–'}</dd>
        </div>
        <div>
          <dt>{t('summary.defaultLanguage')}</dt>
          <dd>{health ? LANGUAGE_ENDONYMS[health.defaultLanguage] : '–'}</dd>
        </div>
      </dl>
    </section>
  );
}
