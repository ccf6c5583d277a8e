/**
 * The keyboard side of the registry: each command's keys run it, not while the user types in
 * a field (react-hotkeys-hook ignores form fields and editable text by default) unless the
 * command says its keys work there too (Ctrl/⌘+K, which no typing makes), or in fields
 * without such a key of their own (the page's undo in a list or a box, which have no undo; a
 * date is typed as text, with the browser's undo).
 * Single keys (n, t, …) can be turned off in Settings, and never run from a widget that takes
 * keys of its own (a grid, a list box, a menu).
 */
import { useHotkeys } from 'react-hotkeys-hook';
import { COMMAND_IDS, COMMANDS, type CommandId } from '#shared/commands.ts';
import { useCommands } from '../../hooks/commands-context.ts';
import { isSingleKey, useSingleKeyShortcuts } from '../../hooks/single-key-shortcuts.ts';

/** Widgets whose keys are their own (arrows, letters to find an item). */
const KEYED_WIDGETS =
  '[role="grid"], [role="listbox"], [role="combobox"], [role="menu"], [role="menubar"], [role="tree"], [role="tablist"], [role="slider"], [role="spinbutton"], select';

const inKeyedWidget = (target: EventTarget | null) =>
  target instanceof Element && target.closest(KEYED_WIDGETS) !== null;

/** Input types whose typing has its own undo (the browser's): a text, not a box. */
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
  const [singleKeysOn] = useSingleKeyShortcuts();
  const single = isSingleKey(keys);
  const inAny = inFields !== false;
  useHotkeys(
    keys,
    (event) => {
      if (registry.run(id)) event.preventDefault();
    },
    {
      preventDefault: false,
      enabled: !single || singleKeysOn,
      enableOnFormTags: inAny,
      enableOnContentEditable: inFields === true,
      ignoreEventWhen: (event) =>
        (inFields === 'no-own' && hasOwnKeys(event.target)) ||
        (single && inKeyedWidget(event.target)),
    },
    [registry, id, single, singleKeysOn],
  );
  return null;
}

export function Shortcuts() {
  return COMMAND_IDS.map((id) => {
    const { keys, inFields = false } = COMMANDS[id];
    return keys ? <Shortcut key={id} id={id} keys={keys} inFields={inFields} /> : null;
  });
}
