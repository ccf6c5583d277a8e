/**
 * The calendar screen, by roles and names; FullCalendar's `data-date` / `data-time` attributes
 * (its public markers of days and time slots) place the mouse for drags.
 */
import type { Locator, Page } from '@playwright/test';
import { RESOURCES } from '#shared/i18n/resources.ts';
import type { Language } from '#shared/languages.ts';
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export type ViewCommand = 'monthView' | 'weekView' | 'dayView' | 'listView';

export class CalendarScreen {
  readonly toolbar: Locator;
  readonly title: Locator;

  readonly page: Page;

  /** The UI's words, in the language the page shows (English unless said). */
  private readonly words: (typeof RESOURCES)['en']['common'];

  constructor(page: Page, language: Language = 'en') {
    this.page = page;
    this.words = RESOURCES[language].common;
    this.toolbar = page.getByRole('toolbar', { name: this.words.calendar.toolbar });
    this.title = this.toolbar.getByRole('heading', { level: 2 });
  }

  async open(): Promise<void> {
    await this.page.goto('/');
    await this.toolbar.waitFor();
  }

  async goTo(date: string): Promise<void> {
    await this.toolbar.getByLabel(this.words.commands.goToDate).fill(date);
  }

  view(command: ViewCommand): Locator {
    return this.toolbar.getByRole('button', { name: this.words.commands[command], exact: true });
  }

  /** An event in the calendar's grid, by (part of) its title. */
  event(title: string): Locator {
    return this.page
      .getByRole('region', { name: this.words.calendar.grid })
      .getByRole('button', { name: new RegExp(escape(title)) });
  }

  /** The middle of a day's column at a time (week and day views). */
  private async pointAt(date: string, time: string) {
    const column = this.page.locator(`[role="columnheader"][data-date="${date}"]`);
    const slot = this.page.locator(`[data-time="${time}:00"]`).first();
    await slot.scrollIntoViewIfNeeded();
    const [columnBox, slotBox] = [await column.boundingBox(), await slot.boundingBox()];
    if (!columnBox || !slotBox) throw new Error(`no slot ${date} ${time} on screen`);
    return { x: columnBox.x + columnBox.width / 2, y: slotBox.y + slotBox.height / 2 };
  }

  /** Drags over empty time, from one slot to the last one it covers (half hours). */
  async selectTime(date: string, from: string, lastSlot: string): Promise<void> {
    const start = await this.pointAt(date, from);
    const end = await this.pointAt(date, lastSlot);
    await this.page.mouse.move(start.x, start.y);
    await this.page.mouse.down();
    await this.page.mouse.move(end.x, end.y, { steps: 8 });
    await this.page.mouse.up();
  }

  /** Drags an event onto another day and time (week view). */
  async dragEvent(title: string, date: string, time: string): Promise<void> {
    const box = await this.event(title).first().boundingBox();
    if (!box) throw new Error(`event ${title} is not on screen`);
    const target = await this.pointAt(date, time);
    await this.page.mouse.move(box.x + box.width / 2, box.y + 6);
    await this.page.mouse.down();
    await this.page.mouse.move(target.x, target.y, { steps: 12 });
    await this.page.mouse.up();
  }

  /**
   * Drags an event's end handle down or up to the end of another slot of its day (week and day
   * views): the event then ends as that half hour does. The handle is FullCalendar's strip at
   * the event's lower edge, shown by its resize cursor once the mouse is over the event.
   */
  async resizeEvent(title: string, date: string, lastSlot: string): Promise<void> {
    const event = this.event(title).first();
    await event.hover();
    const box = await event.boundingBox();
    if (!box) throw new Error(`event ${title} is not on screen`);
    const handle = { x: box.x + box.width / 2, y: box.y + box.height - 2 };
    await this.page.mouse.move(handle.x, handle.y);
    const cursor = await this.page.evaluate(({ x, y }) => {
      const under = document.elementFromPoint(x, y);
      return under ? getComputedStyle(under).cursor : '';
    }, handle);
    if (!cursor.endsWith('resize')) throw new Error(`${title}'s lower edge is no resize handle`);
    const target = await this.pointAt(date, lastSlot);
    await this.page.mouse.down();
    await this.page.mouse.move(handle.x, target.y, { steps: 12 });
    await this.page.mouse.up();
  }
}
