/**
 * Counts of published records per kind, the calendar's time zone and default content language
 * (from the settings just saved, when there are some: the health poll catches up later), and
 * the server's version.
 */
import { useTranslation } from 'react-i18next';
import { LANGUAGE_ENDONYMS } from '#shared/languages.ts';
import type { Health, RecordCounts } from '#shared/schemas/health.ts';
import type { Settings } from '#shared/schemas/settings.ts';

const KINDS: readonly (keyof RecordCounts)[] = [
  'events',
  'venues',
  'organizers',
  'categories',
  'tags',
];

type Props = {
  health: Health | undefined;
  settings: Pick<Settings, 'timezone' | 'defaultLanguage'> | undefined;
};

export function CalendarSummary({ health, settings }: Props) {
  const { t } = useTranslation();
  const headingId = 'calendar-summary-heading';
  const timezone = settings?.timezone ?? health?.timezone;
  const language = settings?.defaultLanguage ?? health?.defaultLanguage;
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
          <dd>{timezone ?? '–'}</dd>
        </div>
        <div>
          <dt>{t('summary.defaultLanguage')}</dt>
          <dd>{language ? LANGUAGE_ENDONYMS[language] : '–'}</dd>
        </div>
        <div>
          <dt>{t('summary.version')}</dt>
          <dd>{health ? t('status.version', { version: health.version }) : '–'}</dd>
        </div>
      </dl>
    </section>
  );
}
