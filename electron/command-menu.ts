/**
 * The editor's commands in the native menu: each menu group lists its commands from the shared
 * registry, with their accelerators; choosing one sends its id to the window, which runs it
 * exactly as the keyboard or the palette would.
 */
import type { MenuItemConstructorOptions } from 'electron';
import { COMMAND_IDS, COMMANDS, type CommandId, type MenuGroup } from '#shared/commands.ts';

export function commandMenuItems(
  group: MenuGroup,
  label: (id: CommandId) => string,
  send: (id: CommandId) => void,
): MenuItemConstructorOptions[] {
  return COMMAND_IDS.filter((id) => COMMANDS[id].menu === group).map((id) => {
    const { accelerator } = COMMANDS[id];
    return {
      id: `command.${id}`,
      label: label(id),
      ...(accelerator ? { accelerator } : {}),
      click: () => send(id),
    };
  });
}
