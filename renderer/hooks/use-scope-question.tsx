/**
 * Asking which occurrences a change is for, from an event handler: `ask` shows the scope
 * question and resolves with the answer (undefined when cancelled); the owner renders `dialog`.
 */
import { useCallback, useState, type ReactNode } from 'react';
import type { Scope } from '#shared/series/occurrences.ts';
import { ScopeDialog, type ScopeQuestion } from '../ui/ScopeDialog.tsx';

type Asking = { question: ScopeQuestion; resolve: (scope: Scope | undefined) => void };

export function useScopeQuestion(): {
  ask: (question: ScopeQuestion) => Promise<Scope | undefined>;
  dialog: ReactNode;
} {
  const [asking, setAsking] = useState<Asking>();
  const ask = useCallback(
    (question: ScopeQuestion) =>
      new Promise<Scope | undefined>((resolve) => setAsking({ question, resolve })),
    [],
  );
  const dialog = asking && (
    <ScopeDialog
      {...asking.question}
      onAnswer={(scope) => {
        setAsking(undefined);
        asking.resolve(scope);
      }}
    />
  );
  return { ask, dialog };
}
