/**
 * The keyboard side of the registry: each command's keys run it, not while the user types in
 * a field (react-hotkeys-hook ignores form fields and editable text by default) unless the
 * command says its keys work there too (Ctrl/⌘+K, which no typing makes), or in fields
 * without such a key of their own (the page's undo in a date field, which has no undo).
 */
import { useHotkeys } from 'react-hotkeys-hook';
import { COMMAND_IDS, COMMANDS, type CommandId } from '#shared/commands.ts';
import { useCommands } from '../../hooks/commands-context.ts';

/** Input types whose typing has its own undo (the browser's): a text, not a date or a box. */
const TYPED = new Set(['text', 'search', 'url', 'email', 'tel', 'password', 'number', '']);

/** Whether the key pressed in `target` is the field's own (its text's undo). */
function hasOwnKeys(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  return target instanceof HTMLInputElement && TYPED.has(target.type);
}

type Props = { id: CommandId; keys: string; inFields: boolean | 'no-own' };

function Shortcut({ id, keys, inFields }: Props) {
  const registry = useCommands();
  const inAny = inFields !== false;
  useHotkeys(
    keys,
    (event) => {
      if (registry.run(id)) event.preventDefault();
    },
    {
      preventDefault: false,
      enableOnFormTags: inAny,
      enableOnContentEditable: inFields === true,
      ...(inFields === 'no-own' && { ignoreEventWhen: (event) => hasOwnKeys(event.target) }),
    },
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
