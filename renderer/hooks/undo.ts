/**
 * Undo for the editor's own actions (a move, a trip to the trash): each action leaves a way
 * back, offered in a toast and by the undo command (mod+Z when no field has focus). The way
 * back is another edit, so it syncs like any other.
 */
import { createContext, useContext } from 'react';
import { toast } from 'sonner';

type UndoEntry = { message: string; undo: () => Promise<void> };

type UndoStack = ReturnType<typeof createUndoStack>;

const LIMIT = 50;

export function createUndoStack(actionLabel: () => string) {
  const entries: UndoEntry[] = [];
  const run = async (entry: UndoEntry) => {
    const index = entries.indexOf(entry);
    if (index === -1) return; // Undone already (toast and keyboard both offer it).
    entries.splice(index, 1);
    await entry.undo();
  };
  return {
    /** Records a way back and offers it in a toast. */
    push(entry: UndoEntry): void {
      entries.push(entry);
      if (entries.length > LIMIT) entries.shift();
      toast(entry.message, { action: { label: actionLabel(), onClick: () => void run(entry) } });
    },
    /** Undoes the latest action; false when there is none. */
    undoLast(): boolean {
      const entry = entries.at(-1);
      if (!entry) return false;
      void run(entry);
      return true;
    },
  };
}

export const UndoContext = createContext<UndoStack | null>(null);

export function useUndo(): UndoStack {
  const stack = useContext(UndoContext);
  if (!stack) throw new Error('useUndo needs an UndoContext above it');
  return stack;
}
