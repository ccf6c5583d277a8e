/** The command registry for components: run commands, and offer one while mounted. */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useSyncExternalStore,
} from 'react';
import type { CommandId } from '#shared/commands.ts';
import type { CommandRegistry } from './command-registry.ts';

export const CommandsContext = createContext<CommandRegistry | null>(null);

export function useCommands(): CommandRegistry {
  const registry = useContext(CommandsContext);
  if (!registry) throw new Error('useCommands needs a CommandsContext above it');
  return registry;
}

/** Offers `id` while the component is mounted (and `enabled`); the latest handler is used. */
export function useCommand(id: CommandId, handler: () => void, enabled = true): void {
  const registry = useCommands();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!enabled) return undefined;
    return registry.register(id, () => latest.current());
  }, [registry, id, enabled]);
}

/** Re-renders when commands come and go (for the palette and toolbars). */
export function useCommandsVersion(): number {
  const registry = useCommands();
  const subscribe = useCallback((onChange: () => void) => registry.subscribe(onChange), [registry]);
  return useSyncExternalStore(subscribe, () => registry.version());
}
