/**
 * The app frame: header (name, double bookings ahead, the connection's one status, language), the sections in a sidebar,
 * the section's page, and what every page shares: the command registry with its shortcuts (and
 * their list) and palette, undo, the event editor, the changes that need the user, and toasts.
 */
import { memo, useEffect, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';
import { Route, Router, Switch } from 'wouter';
import { useHashLocation } from 'wouter/use-hash-location';
import { useProblems, useSyncStatus } from '../data/hooks.ts';
import { useReplica } from '../data/replica-context.ts';
import { ServerStateContext, useServerHealth } from '../data/server-health.ts';
import { CalendarPage } from '../features/calendar/CalendarPage.tsx';
import { ClashesBadge } from '../features/clashes/ClashesBadge.tsx';
import { ClashesPage } from '../features/clashes/ClashesPage.tsx';
import { EventEditorProvider } from '../features/events/EventEditorProvider.tsx';
import { FileDialogs } from './FileDialogs.tsx';
import { RecordsPage } from '../features/records/RecordsPage.tsx';
import { SettingsPage } from '../features/settings/SettingsPage.tsx';
import { SyncPanel } from '../features/sync/SyncPanel.tsx';
import { PeerStatus } from './PeerStatus.tsx';
import { TrashPage } from '../features/trash/TrashPage.tsx';
import { WelcomeDialog } from '../features/settings/WelcomeDialog.tsx';
import { CommandPalette } from './commands/CommandPalette.tsx';
import { CommandsContext, useCommand } from '../hooks/commands-context.ts';
import { createCommandRegistry } from '../hooks/command-registry.ts';
import { Shortcuts } from './commands/Shortcuts.tsx';
import { ShortcutsDialog } from './commands/ShortcutsDialog.tsx';
import { useDesktopCommands } from './commands/use-desktop-commands.ts';
import { ContentLanguageSelect } from './ContentLanguageSelect.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { Navigation } from './Navigation.tsx';
import { ConnectionStatus } from './ConnectionStatus.tsx';
import { CalendarSwitchedNotice } from './CalendarSwitchedNotice.tsx';
import { PageErrorBoundary } from './PageErrorBoundary.tsx';
import { useColorScheme } from '../hooks/use-color-scheme.ts';
import { createUndoStack, UndoContext, useUndo } from '../hooks/undo.ts';

/**
 * The skip link's target: on the calendar, its dates (the one in the Tab order); elsewhere the
 * page itself. Not a hash jump, which the router would read as a page.
 */
function skipToContent(event: MouseEvent) {
  event.preventDefault();
  const date = document.querySelector<HTMLElement>('#calendar-grid [role="link"][tabindex="0"]');
  if (date) return date.focus();
  const main = document.querySelector<HTMLElement>('main');
  if (!main) return;
  main.tabIndex = -1;
  main.focus();
}

/** How many sync passes have ended since the frame opened (each `syncing` true → false). */
function usePassesEnded(syncing: boolean): number {
  const [state, setState] = useState({ syncing, ended: 0 });
  if (state.syncing !== syncing)
    setState({ syncing, ended: state.ended + (state.syncing && !syncing ? 1 : 0) });
  return state.ended;
}

/**
 * The section's page, apart from the frame: the frame redraws at every sync status and health
 * answer (several for each change that syncs), and a page redrawn with it redraws all it shows
 * (the calendar, every event of its month). Memoised without props, a page redraws for its own
 * data only; Settings reads the server's state from ServerStateContext.
 */
const Pages = memo(function Pages() {
  return (
    <Switch>
      <Route path="/" component={CalendarPage} />
      <Route path="/venues/:id?">{() => <RecordsPage kind="venue" />}</Route>
      <Route path="/organizers/:id?">{() => <RecordsPage kind="organizer" />}</Route>
      <Route path="/categories/:id?">{() => <RecordsPage kind="category" />}</Route>
      <Route path="/tags/:id?">{() => <RecordsPage kind="tag" />}</Route>
      <Route path="/trash" component={TrashPage} />
      <Route path="/clashes" component={ClashesPage} />
      <Route path="/settings/:focus?">{(params) => <SettingsPage focus={params.focus} />}</Route>
    </Switch>
  );
});

function Frame() {
  const { t } = useTranslation();
  const replica = useReplica();
  const sync = useSyncStatus();
  const passes = usePassesEnded(sync.syncing);
  const server = useServerHealth(sync.online, passes);
  const [paletteOpen, setPaletteOpen] = useState(false);
  // undefined: the panel follows whether anything needs the user; a click decides instead. It
  // follows the very list it shows (not the status's count, published apart), so it never opens
  // by itself to say that nothing needs the user.
  const listed = useProblems()?.length ?? 0;
  const [panelChoice, setPanelChoice] = useState<boolean | undefined>(undefined);
  const panelOpen = panelChoice ?? listed > 0;
  // A new problem (a conflict a save filed, one sync met) opens the panel again, even after the
  // user closed it: it needs a decision.
  const [problemsSeen, setProblemsSeen] = useState(listed);
  if (listed !== problemsSeen) {
    setProblemsSeen(listed);
    if (listed > problemsSeen) setPanelChoice(undefined);
  }
  const health = server.state === 'online' ? server.health : undefined;
  // Each health answer names the calendar's settings; the replica ignores one that says the same.
  useEffect(() => {
    if (!health) return;
    const { name, timezone, defaultLanguage, currency, clashHolds } = health;
    replica.setCalendar({ name, timezone, defaultLanguage, currency, clashHolds });
  }, [replica, health]);
  useDesktopCommands();

  return (
    <div className="app">
      <a className="skip-link" href="#calendar-grid" onClick={skipToContent}>
        {t('app.skipToContent')}
      </a>
      <header className="app-header">
        <div className="brand">
          <span className="brand-mark" aria-hidden="true" />
          <div>
            <h1 className="brand-name">{t('app.name')}</h1>
            <p className="brand-tagline">{t('app.tagline')}</p>
          </div>
        </div>
        <div className="header-tools">
          <ClashesBadge />
          <ConnectionStatus
            server={server}
            open={panelOpen}
            onToggle={() => setPanelChoice(!panelOpen)}
          />
          <PeerStatus peer="hub" />
          <PeerStatus peer="website" />
          <ContentLanguageSelect />
          <LanguageSwitcher />
        </div>
      </header>
      <div className="app-body">
        <Navigation onPalette={() => setPaletteOpen(true)} />
        <main className="app-main">
          <ServerStateContext value={server}>
            <PageErrorBoundary>
              {panelOpen && <SyncPanel onClose={() => setPanelChoice(false)} />}
              <Pages />
            </PageErrorBoundary>
          </ServerStateContext>
        </main>
      </div>
      <Shortcuts />
      <CommandPalette open={paletteOpen} onOpenChange={setPaletteOpen} />
      <ShortcutsDialog />
      <FileDialogs />
      <WelcomeDialog online={server.state === 'online'} />
      <CalendarSwitchedNotice />
    </div>
  );
}

function UndoCommand() {
  const undo = useUndo();
  useCommand('undo', () => undo.undoLast());
  return null;
}

export function AppShell() {
  const { i18n } = useTranslation();
  const colorScheme = useColorScheme();
  const [registry] = useState(createCommandRegistry);
  // The stack lives as long as the app: its toast label asks i18next each time, in the language
  // of the moment (a `t` captured here would stay in the first render's language).
  const [undo] = useState(() => createUndoStack(() => i18n.t('commands.undo')));
  return (
    <CommandsContext value={registry}>
      <UndoContext value={undo}>
        <Router hook={useHashLocation}>
          <EventEditorProvider>
            <Frame />
            <UndoCommand />
          </EventEditorProvider>
        </Router>
        <Toaster
          theme={colorScheme}
          position="bottom-center"
          toastOptions={{ closeButtonAriaLabel: i18n.t('app.closeNotice') }}
        />
      </UndoContext>
    </CommandsContext>
  );
}
