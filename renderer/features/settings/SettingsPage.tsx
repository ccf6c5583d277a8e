/** Settings: what the calendar holds, its zone and language, and the API address for website builds. */
import { useTranslation } from 'react-i18next';
import type { ServerState } from '../../data/server-health.ts';
import { ApiAccessCard } from './ApiAccessCard.tsx';
import { CalendarSummary } from './CalendarSummary.tsx';

export function SettingsPage({ server }: { server: ServerState }) {
  const { t } = useTranslation();
  const health =
    server.state === 'online'
      ? server.health
      : server.state === 'offline'
        ? server.last
        : undefined;
  return (
    <section className="page" aria-labelledby="settings-heading">
      <h2 id="settings-heading" className="page-title">
        {t('nav.settings')}
      </h2>
      <div className="cards">
        <CalendarSummary health={health} />
        <ApiAccessCard />
      </div>
    </section>
  );
}
