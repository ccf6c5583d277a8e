/**
 * The app frame: header with the name, sync and server status, language switcher; below it the
 * changes that need the user (open by itself while there are any, until closed) and the home view.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSyncStatus } from '../data/hooks.ts';
import { useReplica } from '../data/replica-context.ts';
import { useServerHealth } from '../data/server-health.ts';
import { HomePage } from '../features/home/HomePage.tsx';
import { SyncPanel } from '../features/sync/SyncPanel.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { ServerStatus } from './ServerStatus.tsx';
import { SyncStatus } from './SyncStatus.tsx';

export function AppShell() {
  const { t } = useTranslation();
  const server = useServerHealth();
  const replica = useReplica();
  const sync = useSyncStatus();
  // undefined: the panel follows whether anything needs the user; a click decides instead.
  const [panelChoice, setPanelChoice] = useState<boolean | undefined>(undefined);
  const panelOpen = panelChoice ?? sync.problems > 0;
  const zone = server.state === 'online' ? server.health.timezone : undefined;
  useEffect(() => {
    if (zone) replica.setTimezone(zone);
  }, [replica, zone]);

  return (
    <div className="app">
      <header className="app-header">
        <div className="brand">
          <span className="brand-mark" aria-hidden="true" />
          <div>
            <h1 className="brand-name">{t('app.name')}</h1>
            <p className="brand-tagline">{t('app.tagline')}</p>
          </div>
        </div>
        <div className="header-tools">
          <SyncStatus open={panelOpen} onToggle={() => setPanelChoice(!panelOpen)} />
          <ServerStatus server={server} />
          <LanguageSwitcher />
        </div>
      </header>
      <main className="app-main">
        {panelOpen && <SyncPanel onClose={() => setPanelChoice(false)} />}
        <HomePage server={server} />
      </main>
    </div>
  );
}
