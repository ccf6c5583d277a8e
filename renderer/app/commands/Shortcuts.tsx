/**
 * The keyboard side of the registry: each command's keys run it, never while the user types
 * in a field (react-hotkeys-hook ignores form fields and editable text by default).
 */
import { useHotkeys } from 'react-hotkeys-hook';
import { COMMAND_IDS, COMMANDS, type CommandId } from '#shared/commands.ts';
import { useCommands } from '../../hooks/commands-context.ts';

function Shortcut({ id, keys }: { id: CommandId; keys: string }) {
  const registry = useCommands();
  useHotkeys(
    keys,
    (event) => {
      if (registry.run(id)) event.preventDefault();
    },
    { preventDefault: false },
    [registry, id],
  );
  return null;
}

export function Shortcuts() {
  return COMMAND_IDS.map((id) => {
    const keys = COMMANDS[id].keys;
    return keys ? <Shortcut key={id} id={id} keys={keys} /> : null;
  });
}
