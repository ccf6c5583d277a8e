/**
 * The layout holds in every UI language at 1280×800: on each main screen, no short piece of UI
 * text (a button, label, heading, tab, table or list cell) overflows its box, and none wraps
 * inside a word ("Categ|ories", "コマンドパレッ|ト"). Text without spaces that takes more than one
 * line is a word cut in two; a box narrower than its text cuts it off.
 */
import type { Page } from '@playwright/test';
import { LANGUAGES } from '#shared/languages.ts';
import { expect, test } from './fixtures.ts';

const SCREENS = ['/', '/#/venues', '/#/categories/new', '/#/trash', '/#/settings'] as const;
// FullCalendar marks its day and hour labels with grid roles.
const SHORT_TEXT =
  'button, label, legend, h1, h2, h3, th, dt, dd, kbd, select, .chip, .record-name, nav a, [role="columnheader"], [role="rowheader"]';

/** The problems on screen: each as "what — its text". */
function layoutProblems(page: Page, root = 'body'): Promise<string[]> {
  return page.evaluate(
    ([selector, within]) => {
      const scope = document.querySelector(within) ?? document.body;
      const problems: string[] = [];
      for (const element of scope.querySelectorAll<HTMLElement>(selector)) {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || element.closest('[aria-hidden="true"], .visually-hidden')) continue;
        const text = (element.innerText || element.textContent || '').trim();
        if (!text || text.length > 40) continue;
        if (
          element.scrollWidth > element.clientWidth + 1 &&
          getComputedStyle(element).overflowX !== 'auto'
        )
          problems.push(`overflows — ${text}`);
        for (const node of element.childNodes) {
          if (node.nodeType !== Node.TEXT_NODE) continue;
          const words = node.textContent?.trim() ?? '';
          if (!words || /\s/.test(words)) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          if (lines.size > 1) problems.push(`wraps inside a word — ${words}`);
        }
      }
      // A select shows its chosen option: cut off when the box is narrower than that text.
      const measure = document.createElement('canvas').getContext('2d');
      for (const select of scope.querySelectorAll('select')) {
        const text = select.selectedOptions[0]?.text ?? '';
        const style = getComputedStyle(select);
        if (!measure || !text || select.getBoundingClientRect().width === 0) continue;
        measure.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const arrow = 18;
        const needed =
          measure.measureText(text).width +
          parseFloat(style.paddingLeft) +
          parseFloat(style.paddingRight) +
          arrow;
        if (needed > select.clientWidth + 1) problems.push(`cut off — ${text}`);
      }
      return problems;
    },
    [SHORT_TEXT, root] as const,
  );
}

for (const language of LANGUAGES) {
  test(`keeps every screen's text whole in ${language}`, async ({ page }) => {
    await page.addInitScript(
      (chosen) => localStorage.setItem('marquee.uiLanguage', chosen),
      language,
    );
    await page.setViewportSize({ width: 1280, height: 800 });
    const found: string[] = [];
    for (const screen of SCREENS) {
      await page.goto(screen);
      await page.getByRole('main').waitFor();
      await page.waitForTimeout(300);
      found.push(...(await layoutProblems(page)).map((problem) => `${screen}: ${problem}`));
      if (screen === '/')
        await page.screenshot({ path: `test-results/screenshots/layout-${language}.png` });
    }
    // The week view's day and hour labels, opened with its key.
    await page.goto('/');
    await page.getByRole('main').waitFor();
    await page.keyboard.press('w');
    await page.locator('[role="columnheader"]').first().waitFor();
    found.push(...(await layoutProblems(page)).map((problem) => `week: ${problem}`));
    await page.screenshot({ path: `test-results/screenshots/layout-week-${language}.png` });
    await page.keyboard.press('m');
    // The event editor, opened with its key; then with an end before the start, whose problem
    // shows under the end and must not push the start out of line.
    await page.keyboard.press('n');
    const editor = page.getByRole('dialog');
    await editor.waitFor();
    found.push(
      ...(await layoutProblems(page, 'dialog[open]')).map((problem) => `editor: ${problem}`),
    );
    const [start, end] = await editor.locator('.when-row input[type="date"]').all();
    await start!.fill('2027-02-10');
    await end!.fill('2027-02-09');
    // The problems show when Save is tried (the empty title's too).
    await editor.locator('button[type="submit"]').click();
    await editor.locator('.when-row .field-problem').waitFor();
    found.push(
      ...(await layoutProblems(page, 'dialog[open]')).map((problem) => `ends before: ${problem}`),
    );
    const [startTop, endTop] = await Promise.all(
      [start!, end!].map(async (input) => Math.round((await input.boundingBox())?.y ?? -1)),
    );
    if (startTop !== endTop) found.push(`ends before: start row at ${startTop}, end at ${endTop}`);
    expect(found).toEqual([]);
  });
}
