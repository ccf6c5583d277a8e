/**
 * The sections of the editor, in a sidebar; also reachable as commands ("g" then a letter).
 * Routes live in the URL's hash, so a reload or a link keeps the section.
 */
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { COMMANDS, type CommandId } from '#shared/commands.ts';
import { useCommand, useCommands } from '../hooks/commands-context.ts';
import { isMac, shortcutLabel } from './commands/shortcut-label.ts';

const SECTIONS = [
  { path: '/', label: 'nav.calendar', command: 'goCalendar' },
  { path: '/venues', label: 'nav.venues', command: 'goVenues' },
  { path: '/organizers', label: 'nav.organizers', command: 'goOrganizers' },
  { path: '/categories', label: 'nav.categories', command: 'goCategories' },
  { path: '/tags', label: 'nav.tags', command: 'goTags' },
  { path: '/trash', label: 'nav.trash', command: 'goTrash' },
  { path: '/settings', label: 'nav.settings', command: 'goSettings' },
] as const satisfies readonly { path: string; label: `nav.${string}`; command: CommandId }[];

/** A section is current on its own address and the addresses under it (#/venues/<uuid>). */
const isCurrent = (location: string, path: string) =>
  path === '/' ? location === '/' : location === path || location.startsWith(`${path}/`);

function SectionCommand({ path, command }: { path: string; command: CommandId }) {
  const [, navigate] = useLocation();
  useCommand(command, () => navigate(path));
  return null;
}

function FileCommandButton({ command }: { command: 'importFile' | 'exportFile' }) {
  const { t } = useTranslation();
  const registry = useCommands();
  return (
    <button type="button" className="secondary" onClick={() => registry.run(command)}>
      {t(`commands.${command}`)}
    </button>
  );
}

export function Navigation({ onPalette }: { onPalette: () => void }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  return (
    <nav className="app-nav" aria-label={t('nav.label')}>
      <ul>
        {SECTIONS.map(({ path, label, command }) => (
          <li key={path}>
            <Link href={path} aria-current={isCurrent(location, path) ? 'page' : undefined}>
              {t(label)}
            </Link>
            <SectionCommand path={path} command={command} />
          </li>
        ))}
      </ul>
      <div className="nav-files">
        <FileCommandButton command="importFile" />
        <FileCommandButton command="exportFile" />
      </div>
      <button type="button" className="secondary palette-button" onClick={onPalette}>
        {t('commands.palette')}
        <kbd>{shortcutLabel(COMMANDS.palette.keys ?? '', isMac())}</kbd>
      </button>
    </nav>
  );
}
