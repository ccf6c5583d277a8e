/**
 * The content language: which of the eight languages the screens show records in and the
 * editors start in (the UI language is separate). Records without text in it show the default
 * language's text, marked as not translated. Remembered per browser profile.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { isLanguage, type Language } from '#shared/languages.ts';
import { useCalendarSettings } from '../data/hooks.ts';

const STORAGE_KEY = 'marquee.contentLanguage';
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

export function useContentLanguage(): [Language, (language: Language) => void] {
  const { defaultLanguage } = useCalendarSettings();
  const saved = useSyncExternalStore(subscribe, () => localStorage.getItem(STORAGE_KEY));
  const set = useCallback((language: Language) => {
    localStorage.setItem(STORAGE_KEY, language);
    for (const listener of listeners) listener();
  }, []);
  return [isLanguage(saved) ? saved : defaultLanguage, set];
}
