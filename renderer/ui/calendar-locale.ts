/**
 * The calendar's language follows the UI language (FullCalendar's texts: "all-day", "+2
 * more"); the first day of the week and 12/24-hour times follow the user's own locale (the
 * system's), as a person in Canada using the German UI still expects Sunday first and am/pm.
 */
import type { LocaleInput } from '@fullcalendar/react';
import bgLocale from '@fullcalendar/react/locales/bg';
import deLocale from '@fullcalendar/react/locales/de';
import esLocale from '@fullcalendar/react/locales/es';
import frLocale from '@fullcalendar/react/locales/fr';
import jaLocale from '@fullcalendar/react/locales/ja';
import ptBrLocale from '@fullcalendar/react/locales/pt-br';
import zhCnLocale from '@fullcalendar/react/locales/zh-cn';
import type { Language } from '#shared/languages.ts';

export const CALENDAR_LOCALES: LocaleInput[] = [
  bgLocale,
  deLocale,
  esLocale,
  frLocale,
  jaLocale,
  ptBrLocale,
  zhCnLocale,
];

/** FullCalendar's locale code for a UI language (English is built in). */
export function calendarLocaleOf(language: Language): string {
  return language === 'zh-hans' ? 'zh-cn' : language;
}

type WeekInfo = { firstDay: number };
type LocaleWithWeek = Intl.Locale & { getWeekInfo?: () => WeekInfo; weekInfo?: WeekInfo };

/** 0 = Sunday … 6 = Saturday, from the user's region (Intl counts Monday as 1, Sunday as 7). */
export function userFirstDay(tag: string): number {
  try {
    const locale = new Intl.Locale(tag) as LocaleWithWeek;
    const info = locale.getWeekInfo?.() ?? locale.weekInfo;
    return info ? info.firstDay % 7 : 1;
  } catch {
    return 1;
  }
}

export function userHour12(tag: string): boolean {
  try {
    const cycle = new Intl.DateTimeFormat(tag, { hour: 'numeric' }).resolvedOptions().hourCycle;
    return cycle === 'h11' || cycle === 'h12';
  } catch {
    return false;
  }
}

/**
 * Whether times in the UI `language` use the 12-hour clock: the user's region decides (a person
 * in Canada with the German UI still expects am/pm), unless the language's 12-hour form would
 * put its own hour word beside a Latin day period ("8:00 ч. pm" in Bulgarian, which no reader
 * of either writes): then the language's own 24-hour clock.
 */
export function hour12In(language: string, region: string): boolean {
  if (!userHour12(region)) return false;
  try {
    const parts = new Intl.DateTimeFormat(language, {
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
      timeZone: 'UTC',
    }).formatToParts(new Date(0));
    const hourWord = parts.some((part) => part.type === 'literal' && /\p{L}/u.test(part.value));
    const latinPeriod = parts.some(
      (part) => part.type === 'dayPeriod' && /^[\p{Script=Latin}\s.]+$/u.test(part.value),
    );
    return !(hourWord && latinPeriod);
  } catch {
    return true;
  }
}
