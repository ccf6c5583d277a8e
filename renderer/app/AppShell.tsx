/** The app frame: header with the name, language switcher and server status; the home view below. */
import { useTranslation } from 'react-i18next';
import { useServerHealth } from '../data/server-health.ts';
import { HomePage } from '../features/home/HomePage.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { ServerStatus } from './ServerStatus.tsx';

export function AppShell() {
  const { t } = useTranslation();
  const server = useServerHealth();
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
          <ServerStatus server={server} />
          <LanguageSwitcher />
        </div>
      </header>
      <main className="app-main">
        <HomePage server={server} />
      </main>
    </div>
  );
}
