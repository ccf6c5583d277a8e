/** The app frame, found by accessible roles and names (never CSS classes). */
import type { Locator, Page } from '@playwright/test';
import { LANGUAGES, type Language } from '#shared/languages.ts';
import { RESOURCES, type Resources } from '#shared/i18n/resources.ts';

/** A name in any of the eight languages (tests switch the UI language). */
function inAnyLanguage(name: (common: Resources['common']) => string): RegExp {
  const names = LANGUAGES.map((language) => name(RESOURCES[language].common));
  return new RegExp(
    `^(${names.map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`,
  );
}

export class AppShellPage {
  readonly page: Page;
  readonly heading: Locator;
  readonly languageSelect: Locator;
  /** The one badge of the editor's line to its server (offline, decisions, waiting, up to date). */
  readonly syncStatus: Locator;

  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('heading', { level: 1 });
    this.languageSelect = page.getByRole('combobox', {
      name: inAnyLanguage((c) => c.language.label),
    });
    this.syncStatus = page.getByRole('status', { name: inAnyLanguage((c) => c.sync.label) });
  }

  async open(section = ''): Promise<void> {
    await this.page.goto(section ? `/#/${section}` : '/');
    await this.heading.waitFor();
  }

  async chooseLanguage(language: Language): Promise<void> {
    await this.languageSelect.selectOption(language);
  }

  /** The summary region, named by its heading in the current language. */
  summary(language: Language = 'en'): Locator {
    return this.page.getByRole('region', { name: RESOURCES[language].common.summary.heading });
  }

  /** The number shown beside a kind's label in the summary. */
  count(label: string): Locator {
    const term = this.page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) });
    return this.summary().locator('div', { has: term }).getByRole('definition');
  }

  fact(label: string): Locator {
    return this.count(label);
  }

  /** The panel of changes that need the user. */
  syncPanel(): Locator {
    return this.page.getByRole('region', { name: RESOURCES.en.common.sync.panelHeading });
  }

  apiSection(): Locator {
    return this.page.getByRole('region', { name: RESOURCES.en.common.api.heading });
  }
}
