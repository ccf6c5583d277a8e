/**
 * Opening the event editor from anywhere: an existing event, or a new one with some fields set;
 * and saying, as the editor words it, what went wrong with an edit made outside it (a drag).
 */
import { createContext, useContext } from 'react';
import type { Patch } from '#shared/kinds/registry.ts';

export type EventEditor = {
  open(uuid: string): void;
  create(initial?: Patch): void;
  /** Shows in a toast what went wrong with an event's edit (a series refused, …). */
  notify: (error: unknown) => void;
};

export const EventEditorContext = createContext<EventEditor | null>(null);

export function useEventEditor(): EventEditor {
  const editor = useContext(EventEditorContext);
  if (!editor) throw new Error('useEventEditor needs an EventEditorContext above it');
  return editor;
}
