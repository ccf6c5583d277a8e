/**
 * The editor's entry: i18n first (so the first paint is translated), then who the page is
 * (editor-access.ts): without credentials, the sign-in screen; else the replica (which starts
 * syncing), then the React tree.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppShell } from './app/AppShell.tsx';
import { SignInScreen } from './app/SignInScreen.tsx';
import { AdminApiContext } from './data/api/admin-api.ts';
import { editorAccess } from './data/editor-access.ts';
import { openEditorReplica } from './data/editor-replica.ts';
import { ReplicaContext } from './data/replica-context.ts';
import { initI18n } from './i18n.ts';
import './styles.css';

await initI18n();
const credentials = await editorAccess();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
if (credentials) {
  const { replica, api } = openEditorReplica(credentials);
  createRoot(container).render(
    <StrictMode>
      <ReplicaContext value={replica}>
        <AdminApiContext value={api}>
          <AppShell />
        </AdminApiContext>
      </ReplicaContext>
    </StrictMode>,
  );
} else {
  createRoot(container).render(
    <StrictMode>
      <SignInScreen />
    </StrictMode>,
  );
}
