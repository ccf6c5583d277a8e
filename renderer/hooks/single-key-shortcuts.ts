/**
 * Whether shortcuts of one key without Ctrl/⌘/Alt (n, t, j, k, m, w, d, l, /, ?) run: on unless
 * turned off in Settings, remembered per browser profile. Speech-input users, and anyone whose
 * keys fire by accident, turn them off (WCAG 2.1.4); the Ctrl/⌘ shortcuts and the command
 * palette stay.
 */
import { useCallback, useSyncExternalStore } from 'react';

const STORAGE_KEY = 'marquee.singleKeyShortcuts';
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSingleKeyShortcuts(): [boolean, (on: boolean) => void] {
  const saved = useSyncExternalStore(subscribe, () => localStorage.getItem(STORAGE_KEY));
  const set = useCallback((on: boolean) => {
    localStorage.setItem(STORAGE_KEY, on ? 'on' : 'off');
    for (const listener of listeners) listener();
  }, []);
  return [saved !== 'off', set];
}

/** Whether keys such as "n" or "shift+?" are one key (no Ctrl, ⌘ or Alt). */
export const isSingleKey = (keys: string): boolean =>
  !/(^|\+)(mod|ctrl|control|meta|alt|cmd)(\+|$)/i.test(keys);
