/**
 * The keyboard side of the registry: each command's keys run it, not while the user types in
 * a field (react-hotkeys-hook ignores form fields and editable text by default) unless the
 * command says its keys work there too (Ctrl/⌘+K, which no typing makes).
 */
import { useHotkeys } from 'react-hotkeys-hook';
import { COMMAND_IDS, COMMANDS, type CommandId } from '#shared/commands.ts';
import { useCommands } from '../../hooks/commands-context.ts';

function Shortcut({ id, keys, inFields }: { id: CommandId; keys: string; inFields: boolean }) {
  const registry = useCommands();
  useHotkeys(
    keys,
    (event) => {
      if (registry.run(id)) event.preventDefault();
    },
    { preventDefault: false, enableOnFormTags: inFields, enableOnContentEditable: inFields },
    [registry, id],
  );
  return null;
}

export function Shortcuts() {
  return COMMAND_IDS.map((id) => {
    const { keys, inFields = false } = COMMANDS[id];
    return keys ? <Shortcut key={id} id={id} keys={keys} inFields={inFields} /> : null;
  });
}
