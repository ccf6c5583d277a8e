/** The native menu: the app's own items, and the editor's commands from the shared registry. */
import { clipboard, Menu, shell, type MenuItemConstructorOptions } from 'electron';
import type { CommandId } from '#shared/commands.ts';
import { commandMenuItems } from './command-menu.ts';
import type { MainTranslator } from './i18n.ts';

export function buildMenu(
  t: MainTranslator,
  serverUrl: string,
  /** The editor's address with the owner key: a browser opened on it is the owner. */
  editorUrl: string,
  send: (id: CommandId) => void,
): Menu {
  const apiRoot = `${serverUrl}/wp-json/tribe/events/v1/`;
  const commands = (group: Parameters<typeof commandMenuItems>[0]) =>
    commandMenuItems(group, t.command, send);
  const template: MenuItemConstructorOptions[] = [
    {
      label: t('file'),
      submenu: [
        ...commands('file'),
        { type: 'separator' },
        { label: t('openInBrowser'), click: () => void shell.openExternal(editorUrl) },
        { label: t('copyApiUrl'), click: () => void clipboard.writeText(apiRoot) },
        { type: 'separator' },
        { role: 'quit', label: t('quit') },
      ],
    },
    {
      label: t('edit'),
      submenu: [
        { role: 'undo', label: t('undo') },
        { role: 'redo', label: t('redo') },
        { type: 'separator' },
        { role: 'cut', label: t('cut') },
        { role: 'copy', label: t('copy') },
        { role: 'paste', label: t('paste') },
        { role: 'selectAll', label: t('selectAll') },
        { type: 'separator' },
        ...commands('edit'),
      ],
    },
    {
      label: t('view'),
      submenu: [
        ...commands('view'),
        { type: 'separator' },
        { role: 'reload', label: t('reload') },
        { role: 'toggleDevTools', label: t('toggleDevTools') },
        { type: 'separator' },
        { role: 'resetZoom', label: t('resetZoom') },
        { role: 'zoomIn', label: t('zoomIn') },
        { role: 'zoomOut', label: t('zoomOut') },
        { type: 'separator' },
        { role: 'togglefullscreen', label: t('toggleFullScreen') },
      ],
    },
    { label: t('go'), submenu: commands('go') },
    {
      label: t('window'),
      submenu: [
        { role: 'minimize', label: t('minimize') },
        { role: 'close', label: t('close') },
      ],
    },
    {
      label: t('help'),
      submenu: [...commands('help'), { type: 'separator' }, { role: 'about', label: t('about') }],
    },
  ];
  return Menu.buildFromTemplate(template);
}
