/** The editor's entry: i18n first (so the first paint is translated), then the React tree. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppShell } from './app/AppShell.tsx';
import { initI18n } from './i18n.ts';
import './styles.css';

await initI18n();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <AppShell />
  </StrictMode>,
);
