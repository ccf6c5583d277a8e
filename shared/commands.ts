/**
 * The editor's commands, in one registry: what the toolbar, the keyboard, the command palette
 * and the desktop menu all offer. The renderer binds each id to its action; the desktop menu
 * sends the id to the window. Labels are i18n keys `commands.<id>` (common namespace).
 *
 * Keys are react-hotkeys-hook's syntax, by physical key (`mod` is Ctrl, or Cmd on macOS; `g>c`
 * is a sequence; `slash` is the / key),
 * and never fire while the user types in a field. Accelerators are Electron's, for the menu.
 */
export const COMMAND_IDS = [
  'newEvent',
  'today',
  'previous',
  'next',
  'goToDate',
  'monthView',
  'weekView',
  'dayView',
  'listView',
  'search',
  'palette',
  'shortcuts',
  'undo',
  'goCalendar',
  'goVenues',
  'goOrganizers',
  'goCategories',
  'goTags',
  'goTrash',
  'goSettings',
  'importFile',
  'exportFile',
  'print',
] as const;

export type CommandId = (typeof COMMAND_IDS)[number];

export type MenuGroup = 'file' | 'edit' | 'view' | 'go' | 'help';

type CommandSpec = {
  /** Shortcut in the page (react-hotkeys-hook syntax). */
  keys?: string;
  /**
   * The keys work in a field too: `true` in any (a chord no typing makes), `'no-own'` in a
   * field that has no such key of its own (Ctrl+Z in a date or a select, not in a text box,
   * which undoes its own typing).
   */
  inFields?: boolean | 'no-own';
  /** Shown in the palette and the menu (Electron accelerator syntax). */
  accelerator?: string;
  menu?: MenuGroup;
};

export const COMMANDS: Readonly<Record<CommandId, CommandSpec>> = {
  newEvent: { keys: 'n', accelerator: 'CmdOrCtrl+N', menu: 'file' },
  today: { keys: 't', menu: 'go' },
  previous: { keys: 'j, left', menu: 'go' },
  next: { keys: 'k, right', menu: 'go' },
  goToDate: { keys: 'shift+g', menu: 'go' },
  monthView: { keys: 'm', accelerator: 'CmdOrCtrl+1', menu: 'view' },
  weekView: { keys: 'w', accelerator: 'CmdOrCtrl+2', menu: 'view' },
  dayView: { keys: 'd', accelerator: 'CmdOrCtrl+3', menu: 'view' },
  listView: { keys: 'l', accelerator: 'CmdOrCtrl+4', menu: 'view' },
  search: { keys: 'slash', accelerator: 'CmdOrCtrl+F', menu: 'edit' },
  palette: { keys: 'mod+k', accelerator: 'CmdOrCtrl+K', menu: 'view', inFields: true },
  // `?`: Shift and the / key, as on US and most Latin layouts.
  shortcuts: { keys: 'shift+slash', menu: 'help' },
  // The app's own undo (of a move or a deletion); the menu's Undo stays the text fields'.
  undo: { keys: 'mod+z', inFields: 'no-own' },
  goCalendar: { keys: 'g>c', menu: 'go' },
  goVenues: { keys: 'g>v', menu: 'go' },
  goOrganizers: { keys: 'g>o', menu: 'go' },
  goCategories: { keys: 'g>a', menu: 'go' },
  goTags: { keys: 'g>t', menu: 'go' },
  goTrash: { keys: 'g>x', menu: 'go' },
  goSettings: { keys: 'g>s', accelerator: 'CmdOrCtrl+,', menu: 'go' },
  importFile: { keys: 'mod+o', accelerator: 'CmdOrCtrl+O', menu: 'file' },
  exportFile: { keys: 'mod+shift+e', accelerator: 'CmdOrCtrl+Shift+E', menu: 'file' },
  // The page's own print would print the whole app: the programme instead, in any field too.
  print: { keys: 'mod+p', accelerator: 'CmdOrCtrl+P', menu: 'file', inFields: true },
};

export function isCommandId(value: unknown): value is CommandId {
  return typeof value === 'string' && (COMMAND_IDS as readonly string[]).includes(value);
}
