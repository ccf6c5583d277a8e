/**
 * A preference kept in this browser profile (localStorage): read as it changes, here and in the
 * editor's other tabs (the storage event), and written for all of them at once.
 */
import { useCallback, useMemo, useSyncExternalStore } from 'react';

const listeners = new Map<string, Set<() => void>>();

function subscribeTo(key: string) {
  return (listener: () => void): (() => void) => {
    const own = listeners.get(key) ?? new Set();
    listeners.set(key, own.add(listener));
    const onStorage = (event: StorageEvent) => {
      if (event.key === key) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      own.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  };
}

export function useStoredPreference(key: string): [string | null, (value: string) => void] {
  const subscribe = useMemo(() => subscribeTo(key), [key]);
  const saved = useSyncExternalStore(subscribe, () => localStorage.getItem(key));
  const set = useCallback(
    (value: string) => {
      localStorage.setItem(key, value);
      for (const listener of listeners.get(key) ?? []) listener();
    },
    [key],
  );
  return [saved, set];
}
