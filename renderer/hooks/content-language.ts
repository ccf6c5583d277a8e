/**
 * The content language: which of the eight languages the screens show records in and the
 * editors start in (the UI language is separate). Records without text in it show the default
 * language's text, marked as not translated. Remembered per browser profile.
 */
import { isLanguage, type Language } from '#shared/languages.ts';
import { useCalendarSettings } from '../data/hooks.ts';
import { useStoredPreference } from './stored-preference.ts';

export function useContentLanguage(): [Language, (language: Language) => void] {
  const { defaultLanguage } = useCalendarSettings();
  const [saved, set] = useStoredPreference('marquee.contentLanguage');
  return [isLanguage(saved) ? saved : defaultLanguage, set];
}
