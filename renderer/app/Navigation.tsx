/**
 * The sections of the editor, in a sidebar; also reachable as commands ("g" then a letter).
 * Routes live in the URL's hash, so a reload or a link keeps the section.
 */
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { CommandId } from '#shared/commands.ts';
import { useCommand } from './commands/commands-context.ts';

export const SECTIONS = [
  { path: '/', label: 'nav.calendar', command: 'goCalendar' },
  { path: '/trash', label: 'nav.trash', command: 'goTrash' },
  { path: '/settings', label: 'nav.settings', command: 'goSettings' },
] as const satisfies readonly { path: string; label: `nav.${string}`; command: CommandId }[];

function SectionCommand({ path, command }: { path: string; command: CommandId }) {
  const [, navigate] = useLocation();
  useCommand(command, () => navigate(path));
  return null;
}

export function Navigation() {
  const { t } = useTranslation();
  const [location] = useLocation();
  return (
    <nav className="app-nav" aria-label={t('nav.label')}>
      <ul>
        {SECTIONS.map(({ path, label, command }) => (
          <li key={path}>
            <Link href={path} aria-current={location === path ? 'page' : undefined}>
              {t(label)}
            </Link>
            <SectionCommand path={path} command={command} />
          </li>
        ))}
      </ul>
    </nav>
  );
}
