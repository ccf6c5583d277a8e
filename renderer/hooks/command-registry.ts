/**
 * Which command does what right now. Screens register the commands they can carry out while
 * they are shown (the calendar registers "today"; the app registers navigation); the keyboard,
 * the palette, the toolbar and the desktop menu all run commands through here.
 */
import type { CommandId } from '#shared/commands.ts';

type CommandHandler = () => void;

export type CommandRegistry = ReturnType<typeof createCommandRegistry>;

export function createCommandRegistry() {
  // The latest registration wins, and the one before comes back when it leaves.
  const handlers = new Map<CommandId, CommandHandler[]>();
  const listeners = new Set<() => void>();
  let version = 0;
  const changed = () => {
    version += 1;
    for (const listener of listeners) listener();
  };

  return {
    register(id: CommandId, handler: CommandHandler): () => void {
      handlers.set(id, [...(handlers.get(id) ?? []), handler]);
      changed();
      return () => {
        handlers.set(
          id,
          (handlers.get(id) ?? []).filter((candidate) => candidate !== handler),
        );
        changed();
      };
    },
    /** Runs the command if something can carry it out now; says whether it ran. */
    run(id: CommandId): boolean {
      const handler = handlers.get(id)?.at(-1);
      handler?.();
      return Boolean(handler);
    },
    available(id: CommandId): boolean {
      return (handlers.get(id)?.length ?? 0) > 0;
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: () => version,
  };
}
