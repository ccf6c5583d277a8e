/**
 * The calendar by keyboard. Its dates as one Tab stop (the WAI-ARIA grid pattern's roving tabindex): of the
 * date links FullCalendar draws (a month has 42, each a Tab stop of its own), only one is in
 * the Tab order, today's when it is shown; the arrow keys move between them (up and down by a
 * row), Home and End to the first and last. Enter opens the date, as FullCalendar's link does.
 * A part that scrolls with nothing in it to focus (a week's hours without events) takes the
 * focus itself, so the arrow keys scroll it (WCAG 2.1.1). FullCalendar draws its cells again as
 * it likes, so both are put back after each change.
 */
import { useEffect, type RefObject } from 'react';

const DATE_LINKS = '[role="link"]';
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex="0"]';

export function useCalendarKeyboard(frame: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = frame.current;
    if (!root) return;
    let current: HTMLElement | null = null;
    // Whether the arrows chose `current`; until they do, it follows today's mark, which
    // FullCalendar may first draw on the browser's date and then move to the calendar's zone's.
    let chosen = false;
    const links = () => [...root.querySelectorAll<HTMLElement>(DATE_LINKS)];
    const apply = () => {
      const all = links();
      if (!chosen || !current?.isConnected) {
        chosen = false;
        current =
          root.querySelector<HTMLElement>(`[aria-current="date"] ${DATE_LINKS}`) ?? all[0] ?? null;
      }
      for (const link of all) {
        const wanted = link === current ? 0 : -1;
        if (link.tabIndex !== wanted) link.tabIndex = wanted;
      }
      for (const scroller of root.querySelectorAll<HTMLElement>('*')) {
        if (scroller.scrollHeight <= scroller.clientHeight) continue;
        if (!/auto|scroll/.test(getComputedStyle(scroller).overflowY)) continue;
        if (scroller.tabIndex === 0 || scroller.querySelector(FOCUSABLE)) continue;
        scroller.tabIndex = 0;
        // Between FullCalendar's row group and its rows: the focusable box takes the group's
        // role, so the grid still holds only row groups and rows (WAI-ARIA's grid).
        const group = scroller.parentElement;
        if (group?.getAttribute('role') === 'rowgroup') {
          group.setAttribute('role', 'none');
          scroller.setAttribute('role', 'rowgroup');
        }
      }
    };
    const observer = new MutationObserver(apply);
    observer.observe(root, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['tabindex', 'aria-current'],
    });
    apply();
    const onKey = (event: KeyboardEvent) => {
      const all = links();
      const at = all.indexOf(event.target as HTMLElement);
      if (at < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
      // A row of the month holds seven dates; the list's rows, one.
      const row =
        (event.target as HTMLElement).closest('[role="row"]')?.querySelectorAll(DATE_LINKS)
          .length || 1;
      const next = {
        ArrowLeft: at - 1,
        ArrowRight: at + 1,
        ArrowUp: at - row,
        ArrowDown: at + row,
        Home: 0,
        End: all.length - 1,
      }[event.key];
      if (next === undefined) return;
      // The arrows are the calendar's keys here, not the page's (previous and next month).
      event.preventDefault();
      event.stopPropagation();
      current = all[Math.min(Math.max(next, 0), all.length - 1)] ?? current;
      chosen = true;
      apply();
      current?.focus();
    };
    root.addEventListener('keydown', onKey);
    return () => {
      observer.disconnect();
      root.removeEventListener('keydown', onKey);
    };
  }, [frame]);
}
