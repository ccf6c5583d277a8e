/** The four views and their commands; the chosen view is remembered per browser profile. */
import { NO_FILTERS, type CalendarFilters } from './calendar-filters.ts';
import type { CommandId } from '#shared/commands.ts';

export const VIEWS = [
  { name: 'dayGridMonth', command: 'monthView' },
  { name: 'timeGridWeek', command: 'weekView' },
  { name: 'timeGridDay', command: 'dayView' },
  { name: 'listMonth', command: 'listView' },
] as const satisfies readonly { name: string; command: CommandId }[];

export type ViewName = (typeof VIEWS)[number]['name'];

const STORAGE_KEY = 'marquee.calendarView';

function isViewName(value: unknown): value is ViewName {
  return VIEWS.some((view) => view.name === value);
}

export function savedView(): ViewName {
  const saved = localStorage.getItem(STORAGE_KEY);
  return isViewName(saved) ? saved : 'dayGridMonth';
}

export function saveView(view: ViewName): void {
  localStorage.setItem(STORAGE_KEY, view);
}

const DATE_KEY = 'marquee.calendarDate';

/** The date on screen, kept for this tab, so leaving the calendar and coming back keeps it. */
export function savedDate(): string | undefined {
  return sessionStorage.getItem(DATE_KEY) ?? undefined;
}

export function saveDate(date: string): void {
  sessionStorage.setItem(DATE_KEY, date);
}

const FILTERS_KEY = 'marquee.calendarFilters';

/** The filters set in this tab, kept like the date. */
export function savedFilters(): CalendarFilters {
  try {
    return {
      ...NO_FILTERS,
      ...(JSON.parse(sessionStorage.getItem(FILTERS_KEY) ?? '{}') as Partial<CalendarFilters>),
    };
  } catch {
    return NO_FILTERS;
  }
}

export function saveFilters(filters: CalendarFilters): void {
  sessionStorage.setItem(FILTERS_KEY, JSON.stringify(filters));
}
