/** The event editor dialog, by roles and labels. */
import type { Locator, Page } from '@playwright/test';
import { RESOURCES } from '#shared/i18n/resources.ts';
import { languageName, type Language } from '#shared/languages.ts';

const en = RESOURCES.en.common;

export class EventEditor {
  readonly dialog: Locator;

  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    this.dialog = page.getByRole('dialog');
  }

  field(label: string): Locator {
    return this.dialog.getByLabel(label, { exact: true });
  }

  get title(): Locator {
    return this.field(en.field.title);
  }

  get description(): Locator {
    return this.dialog.getByRole('textbox', { name: en.field.description });
  }

  async contentLanguage(language: Language): Promise<void> {
    await this.dialog
      .getByRole('group', { name: en.editor.contentLanguage })
      .getByRole('button', { name: new RegExp(`^${languageName(language, 'en')} `) })
      .click();
  }

  /**
   * A timed event on one day. The times are set too: the new event's default hours may run
   * past midnight, depending on the clock, and would end it before it starts.
   */
  async onDay(date: string, from: string, to: string): Promise<void> {
    await this.field(en.field.start).fill(date);
    await this.field(en.editor.startTime).fill(from);
    await this.field(en.field.end).fill(date);
    await this.field(en.editor.endTime).fill(to);
  }

  /** Picks (or names a new) linked record in a picker. */
  async pick(label: string, name: string): Promise<void> {
    await this.field(label).fill(name);
    await this.field(label).press('Enter');
  }

  button(name: string): Locator {
    return this.dialog.getByRole('button', { name, exact: true });
  }

  async save(): Promise<void> {
    await this.button(en.editor.save).click();
  }
}
