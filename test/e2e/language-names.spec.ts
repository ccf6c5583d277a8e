/**
 * The event editor's content-language chips name each language in the UI language (from the
 * browser's Intl data), not as codes such as "ZH-HANS" or "PT-BR"; each name fits its chip.
 * Screenshots in English and Japanese.
 */
import { RESOURCES } from '#shared/i18n/resources.ts';
import { LANGUAGES, languageName } from '#shared/languages.ts';
import { expect, test } from './fixtures.ts';
import { openIn } from './ui-language.ts';
import { EventEditor } from './pages/event-editor.ts';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

for (const ui of ['en', 'ja'] as const) {
  test(`names the content languages in the UI language (${ui})`, async ({ page, pageErrors }) => {
    const common = RESOURCES[ui].common;
    await openIn(page, ui);
    await page.getByRole('button', { name: common.commands.newEvent }).first().click();
    const editor = new EventEditor(page);
    const chips = editor.dialog
      .getByRole('group', { name: common.editor.contentLanguage })
      .getByRole('button');

    await expect(chips).toHaveCount(LANGUAGES.length);
    for (const [index, language] of LANGUAGES.entries()) {
      const name = languageName(language, ui);
      expect(name).not.toBe(language);
      await expect(chips.nth(index)).toContainText(name);
      await expect(chips.nth(index)).toHaveAccessibleName(new RegExp(`^${escape(name)} \\(`));
    }
    await expect(chips.filter({ hasText: /ZH-HANS|PT-BR/ })).toHaveCount(0);
    const overflowing = await chips.evaluateAll(
      (buttons) => buttons.filter((button) => button.scrollWidth > button.clientWidth).length,
    );
    expect(overflowing).toBe(0);
    expect(pageErrors).toEqual([]);
  });
}
