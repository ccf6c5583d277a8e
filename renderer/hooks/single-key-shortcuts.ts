/**
 * Whether shortcuts of one key without Ctrl/⌘/Alt (n, t, j, k, m, w, d, l, /, ?) run: on unless
 * turned off in Settings, remembered per browser profile. Speech-input users, and anyone whose
 * keys fire by accident, turn them off (WCAG 2.1.4); the Ctrl/⌘ shortcuts and the command
 * palette stay.
 */
import { useCallback } from 'react';
import { useStoredPreference } from './stored-preference.ts';

export function useSingleKeyShortcuts(): [boolean, (on: boolean) => void] {
  const [saved, set] = useStoredPreference('marquee.singleKeyShortcuts');
  const setOn = useCallback((on: boolean) => set(on ? 'on' : 'off'), [set]);
  return [saved !== 'off', setOn];
}

/** Whether keys such as "n" or "shift+?" are one key (no Ctrl, ⌘ or Alt). */
export const isSingleKey = (keys: string): boolean =>
  !/(^|\+)(mod|ctrl|control|meta|alt|cmd)(\+|$)/i.test(keys);
