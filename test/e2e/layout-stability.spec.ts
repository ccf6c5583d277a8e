/**
 * No layout jumps while data syncs: a fresh profile opens the calendar while its replica fills
 * from the server, and the page's layout shifts (the browser's own Layout Instability API, as
 * in Core Web Vitals) stay under the "good" threshold of 0.1.
 */
import { RESOURCES } from '#shared/i18n/resources.ts';
import { createEvent } from './api.ts';
import { expect, test } from './fixtures.ts';
import { CalendarScreen } from './pages/calendar-screen.ts';

const en = RESOURCES.en.common;

type Measured = typeof globalThis & { layoutShift?: number };

test('the calendar does not jump while its replica fills from the server', async ({
  page,
  request,
  pageErrors,
}) => {
  const today = new Date().toISOString().slice(0, 10);
  for (const [hour, title] of [
    ['10', 'Morning rehearsal'],
    ['15', 'Afternoon tour'],
    ['19', 'Evening recital'],
  ])
    await createEvent(request, {
      title: `${title} ${today}`,
      start_date: `${today} ${hour}:00:00`,
      end_date: `${today} ${hour}:45:00`,
    });
  await page.addInitScript(() => {
    const measured = globalThis as Measured;
    measured.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!entry.hadRecentInput) measured.layoutShift = (measured.layoutShift ?? 0) + entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  const calendar = new CalendarScreen(page);
  await calendar.open();
  // A fresh profile opens on the month view; no click, so every shift counts.
  await expect(calendar.event(`Evening recital ${today}`)).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(en.sync.synced) })).toBeVisible();
  // The measure is real only where the browser reports shifts at all.
  expect(await page.evaluate(() => PerformanceObserver.supportedEntryTypes)).toContain(
    'layout-shift',
  );
  const shift = await page.evaluate(() => (globalThis as Measured).layoutShift ?? 0);
  expect(shift).toBeLessThan(0.1);
  expect(pageErrors).toEqual([]);
});
