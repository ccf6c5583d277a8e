/**
 * The calendar: month, week, day and list views of the replica's events in the calendar's time
 * zone. Events come from the replica for the visible range (live: edits in any tab and changes
 * from sync appear at once). Dragging empty time creates an event; dragging or resizing one
 * moves it (use-move-event.tsx); clicking (or Enter on) one opens it.
 */
import FullCalendar, {
  useCalendarController,
  type CalendarApi,
  type DateSelectInfo,
  type DatesSetInfo,
} from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toUtcString, utcToZone } from '#shared/time/datetime.ts';
import { useCalendarSettings } from '../../data/hooks.ts';
import { useReplica } from '../../data/replica-context.ts';
import { useColorScheme } from '../../hooks/use-color-scheme.ts';
import { useCommand } from '../../hooks/commands-context.ts';
import { useContentLanguage } from '../../hooks/content-language.ts';
import { useEventEditor } from '../../hooks/event-editor-context.ts';
import { recordName, uiLanguage } from '../../ui/record-text.ts';
import {
  CALENDAR_LOCALES,
  calendarLocaleOf,
  userFirstDay,
  hour12In,
} from '../../ui/calendar-locale.ts';
import { timeFormatter } from '../../ui/time-format.ts';
import { newEventTimes, toCalendarEntry } from './calendar-events.ts';
import { categoryColors } from '../../ui/category-colors.ts';
import { DEFAULT_SCROLL_TIME, openingScrollTime } from './calendar-scroll.ts';
import { EmptyCalendarHint } from './EmptyCalendarHint.tsx';
import { EventLabel } from './EventLabel.tsx';
import { CalendarToolbar } from './CalendarToolbar.tsx';
import { eventFilter, withChildren, type CalendarFilters } from '../../data/calendar-filters.ts';
import {
  saveDate,
  savedDate,
  saveFilters,
  savedFilters,
  saveView,
  savedView,
  type ViewName,
} from '../../data/calendar-views.ts';
import { FilterBar } from './FilterBar.tsx';
import { SearchResults } from './SearchResults.tsx';
import { useMoveEvent } from './use-move-event.tsx';
import { useCalendarKeyboard } from './use-calendar-keyboard.ts';

const PLUGINS = [classicThemePlugin, dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin];
const EVENT_ORDER = ['-sticky', 'start', '-duration', 'allDay', 'title'];

type Range = { startUtc: string; endUtc: string };

/**
 * The week and day views' column headers are not links: FullCalendar names a header link by the
 * full date ("November 22, 2026") while it shows "Sun 22", a name that does not hold what is
 * seen (WCAG 2.5.3). As plain headers they are named by what they show and read the full date
 * to screen readers; the day view is a key (d) or a button away.
 */
const HEADERS_NOT_LINKS = {
  timeGridWeek: { navLinks: false },
  timeGridDay: { navLinks: false },
};

export function CalendarPage() {
  const { t, i18n } = useTranslation();
  const language = uiLanguage(i18n.language);
  const { timezone: zone, defaultLanguage } = useCalendarSettings();
  const [content] = useContentLanguage();
  const colorScheme = useColorScheme();
  const { events, records } = useReplica();
  const editor = useEventEditor();
  const controller = useCalendarController();
  const dateInput = useRef<HTMLInputElement>(null);
  const [view, setView] = useState<ViewName>(savedView);
  const [range, setRange] = useState<Range>();
  const [shownDate, setShownDate] = useState(savedDate);

  const [filters, setFilters] = useState(savedFilters);
  const searchInput = useRef<HTMLInputElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  useCalendarKeyboard(frame);
  const categories = useLiveQuery(() => records.list('category'), [records]);
  // The answer names its range: until the new range's events are read, the calendar gets none
  // rather than redrawing the new grid with the old range's (a month of them) first.
  const answer = useLiveQuery(
    async () => ({
      range,
      events: range ? await events.between(range.startUtc, range.endUtc) : [],
    }),
    [events, range],
  );
  const inRange = answer && answer.range === range ? answer.events : undefined;
  const shown = useMemo(
    () => inRange?.filter(eventFilter(filters, withChildren(categories ?? []))),
    [inRange, filters, categories],
  );
  // A week or day view opens its hours once per range shown, when its events are read: at now,
  // or at the first event (not at every live change, which would pull the grid from the user).
  const scrolledFor = useRef<Range>(undefined);
  // The controller cannot scroll; the calendar each datesSet names can.
  const calendarApi = useRef<CalendarApi>(undefined);
  useEffect(() => {
    if (!range || !shown || scrolledFor.current === range || !view.startsWith('timeGrid')) return;
    scrolledFor.current = range;
    calendarApi.current?.scrollToTime(
      openingScrollTime(range, shown, toUtcString(new Date()), zone),
    );
  }, [range, shown, view, zone]);
  const changeFilters = (next: CalendarFilters) => {
    setFilters(next);
    saveFilters(next);
  };
  const byUuid = useMemo(() => new Map((shown ?? []).map((event) => [event.uuid, event])), [shown]);
  const colors = useMemo(() => categoryColors(categories ?? []), [categories]);
  const venues = useLiveQuery(() => records.list('venue'), [records]);
  const venueNames = useMemo(
    () =>
      new Map(
        (venues ?? []).map((venue) => [
          venue.uuid,
          recordName('venue', venue, content, defaultLanguage) ?? '',
        ]),
      ),
    [venues, content, defaultLanguage],
  );
  const entries = useMemo(
    () =>
      (shown ?? []).map((event) =>
        toCalendarEntry(event, { content, fallback: defaultLanguage }, t('calendar.untitled'), {
          zone,
          categoryColors: colors,
          venueNames,
        }),
      ),
    [shown, content, defaultLanguage, t, zone, colors, venueNames],
  );
  const regional = navigator.language;
  // Times written by Intl whole (time-format.ts), not spliced by FullCalendar.
  const timeFormat = useMemo(
    () => timeFormatter(language, hour12In(language, regional)),
    [language, regional],
  );

  const changeView = (next: ViewName) => {
    setView(next);
    saveView(next);
    controller.changeView(next);
  };
  useCommand('monthView', () => changeView('dayGridMonth'));
  useCommand('weekView', () => changeView('timeGridWeek'));
  useCommand('dayView', () => changeView('timeGridDay'));
  useCommand('listView', () => changeView('listMonth'));
  useCommand('today', () => controller.today());
  useCommand('previous', () => controller.prev());
  useCommand('next', () => controller.next());
  // The date field takes a date typed in the UI language: the key puts the focus there, all selected.
  useCommand('goToDate', () => {
    dateInput.current?.focus();
    dateInput.current?.select();
  });
  useCommand('newEvent', () => editor.create());
  useCommand('search', () => searchInput.current?.focus());

  const { move, dialog: moveQuestion } = useMoveEvent(byUuid);
  const searching = filters.text.trim() !== '';
  // While the whole calendar is searched, the matches are listed above: the list view's "No
  // events to display" would say the opposite of them for the month on screen, so it says
  // nothing and its frame is hidden (styles.css).
  const quietWhileSearching = searching
    ? { noEventsContent: () => <></>, noEventsClass: 'search-empty' }
    : {};

  return (
    <section className="calendar-page" aria-label={t('nav.calendar')}>
      <CalendarToolbar
        controller={controller}
        view={view}
        onView={changeView}
        onNewEvent={() => editor.create()}
        dateInput={dateInput}
        date={shownDate ?? ''}
        zone={zone}
      />
      <FilterBar
        filters={filters}
        onChange={changeFilters}
        language={content}
        searchInput={searchInput}
      />
      {searching && (
        <SearchResults filters={filters} onShowDate={(date) => controller.gotoDate(date)} />
      )}
      <EmptyCalendarHint />
      <div
        ref={frame}
        id="calendar-grid"
        className="calendar-frame"
        role="region"
        aria-label={t('calendar.grid')}
      >
        <FullCalendar
          controller={controller}
          plugins={PLUGINS}
          initialView={view}
          initialDate={shownDate}
          headerToolbar={false}
          timeZone={zone}
          locales={CALENDAR_LOCALES}
          locale={calendarLocaleOf(language)}
          firstDay={userFirstDay(regional)}
          eventTimeFormat={timeFormat}
          slotHeaderFormat={timeFormat}
          colorScheme={colorScheme}
          height="100%"
          events={entries}
          eventOrder={EVENT_ORDER}
          {...quietWhileSearching}
          datesSet={(info: DatesSetInfo) => {
            calendarApi.current = info.view.calendar;
            setRange({ startUtc: toUtcString(info.start), endUtc: toUtcString(info.end) });
            // The date navigated to (not the range's start), so a view switch keeps the day.
            const date = utcToZone(toUtcString(info.view.calendar.getDate()), zone).slice(0, 10);
            setShownDate(date);
            saveDate(date);
          }}
          editable
          selectable
          selectMirror
          selectMinDistance={5}
          dayMaxEvents
          nowIndicator
          navLinks
          views={HEADERS_NOT_LINKS}
          scrollTime={DEFAULT_SCROLL_TIME}
          select={(info: DateSelectInfo) => {
            info.view.calendar.unselect();
            editor.create(newEventTimes(info));
          }}
          dateClick={(info) =>
            editor.create(
              newEventTimes({
                startStr: info.dateStr,
                allDay: info.allDay,
                monthCell: info.view.type === 'dayGridMonth',
              }),
            )
          }
          eventClick={(info) => {
            info.jsEvent.preventDefault();
            editor.open(info.event.id);
          }}
          eventDrop={move}
          eventResize={move}
          eventContent={(arg) => <EventLabel info={arg} />}
        />
      </div>
      {moveQuestion}
    </section>
  );
}
