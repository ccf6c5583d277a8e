/**
 * The layout holds in every UI language at 1280×800: on each main screen, no short piece of UI
 * text (a button, label, heading, tab, table or list cell) overflows its box, and none wraps
 * inside a word ("Categ|ories", "コマンドパレッ|ト"). Text without spaces that takes more than one
 * line is a word cut in two; a box narrower than its text cuts it off.
 *
 * It once passed while Bulgarian was broken, because it looked only where nothing was wrong:
 * addresses (`code`, longer than a short text) were not measured, so one could wrap inside its
 * port; text cut with an ellipsis on purpose (the header's tagline) was never counted as cut; a
 * row of controls that wrapped broke no box; and the screens were seen only in their emptiest
 * state: a settings page with no snapshot (so no Restore button), a header that said "Up to
 * date" (the shortest badge). Now it measures those, with a snapshot made and the header offline.
 */
import type { Page } from '@playwright/test';
import { RESOURCES } from '#shared/i18n/resources.ts';
import { LANGUAGES } from '#shared/languages.ts';
import { expect, test } from './fixtures.ts';
import { readmeScreenshot } from './readme-screenshot.ts';

const SCREENS = ['/', '/#/venues', '/#/categories/new', '/#/trash', '/#/settings'] as const;
// FullCalendar marks its day and hour labels with grid roles.
const SHORT_TEXT =
  'button, label, legend, h1, h2, h3, th, dt, dd, kbd, select, .chip, .record-name, nav a, [role="columnheader"], [role="rowheader"]';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The problems on screen: each as "what — its text". */
function layoutProblems(page: Page, root = 'body'): Promise<string[]> {
  return page.evaluate(
    ([selector, within]) => {
      const scope = document.querySelector(within) ?? document.body;
      const problems: string[] = [];
      for (const element of scope.querySelectorAll<HTMLElement>(`${selector}, code`)) {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || element.closest('[aria-hidden="true"], .visually-hidden')) continue;
        const text = (element.innerText || element.textContent || '').trim();
        // An address is as long as it is, and may break only between its pieces.
        if (!text || (text.length > 40 && element.tagName !== 'CODE')) continue;
        if (
          element.scrollWidth > element.clientWidth + 1 &&
          getComputedStyle(element).overflowX !== 'auto'
        )
          problems.push(`overflows — ${text}`);
        // An address's text sits in pieces below it; any other element's, right in it.
        const nodes: Node[] = [];
        if (element.tagName === 'CODE') {
          const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
          while (walker.nextNode()) nodes.push(walker.currentNode);
        } else nodes.push(...element.childNodes);
        for (const node of nodes) {
          if (node.nodeType !== Node.TEXT_NODE) continue;
          const words = node.textContent?.trim() ?? '';
          if (!words || /\s/.test(words)) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          if (lines.size > 1) problems.push(`wraps inside a word — ${words}`);
        }
      }
      // A placeholder wider than its field ("Търсене на часова зон"): the browser cuts it
      // without a scroll width to show it, so it is measured as the field's text for a moment
      // (a search field's clear button keeps its room even when empty).
      for (const input of scope.querySelectorAll<HTMLInputElement>('input[placeholder]')) {
        if (input.value || input.getBoundingClientRect().width === 0) continue;
        input.value = input.placeholder;
        const cut = input.scrollWidth > input.clientWidth + 1;
        input.value = '';
        if (cut) problems.push(`placeholder cut — ${input.placeholder}`);
      }
      // Text cut with an ellipsis, or clamped to its lines, outside the calendar's grid (where an
      // event's long title is cut on purpose).
      for (const element of scope.querySelectorAll<HTMLElement>('*')) {
        if (element.closest('#calendar-grid, [aria-hidden="true"]')) continue;
        const style = getComputedStyle(element);
        const clamped = style.webkitLineClamp !== 'none' && style.webkitLineClamp !== '';
        if (style.textOverflow !== 'ellipsis' && !clamped) continue;
        if (element.getBoundingClientRect().width === 0) continue;
        if (
          element.scrollWidth > element.clientWidth + 1 ||
          element.scrollHeight > element.clientHeight + 1
        )
          problems.push(`cut off — ${(element.innerText || '').trim().slice(0, 60)}`);
      }
      // A row of controls keeps one row ("More filters" opens a row of its own).
      for (const row of scope.querySelectorAll<HTMLElement>('[role="search"]')) {
        const tops = new Set(
          [...row.children]
            .filter((child) => child.getBoundingClientRect().width > 0)
            .filter((child) => !child.classList.contains('filter-more'))
            .map((child) => Math.round(child.getBoundingClientRect().top / 8)),
        );
        if (tops.size > 1) problems.push(`wraps onto ${tops.size} rows — ${row.ariaLabel ?? ''}`);
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
      if (screen === '/#/settings') {
        // With a snapshot listed, so its Restore button is measured too.
        const common = RESOURCES[language].common;
        await page.getByRole('button', { name: common.snapshots.now }).click();
        await page
          .getByRole('button', {
            name: new RegExp(`^${escaped(common.snapshots.restoreNamed.split('{{')[0]!)}`),
          })
          .first()
          .waitFor();
      }
      await page.waitForTimeout(300);
      found.push(...(await layoutProblems(page)).map((problem) => `${screen}: ${problem}`));
      if (screen === '/#/settings' && language === 'bg')
        await readmeScreenshot(page, 'settings-snapshots-bg');
    }
    // The week view's day and hour labels, opened with its key.
    await page.goto('/');
    await page.getByRole('main').waitFor();
    await page.keyboard.press('w');
    await page.locator('[role="columnheader"]').first().waitFor();
    found.push(...(await layoutProblems(page)).map((problem) => `week: ${problem}`));
    await page.keyboard.press('m');
    // The event editor, opened with its key; then with an end before the start, whose problem
    // shows under the end and must not push the start out of line.
    await page.keyboard.press('n');
    const editor = page.getByRole('dialog');
    await editor.waitFor();
    found.push(
      ...(await layoutProblems(page, 'dialog[open]')).map((problem) => `editor: ${problem}`),
    );
    const [start, end] = await editor.locator('.when-row .date-input').all();
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

    // The header with its longest badge: offline (the sync's requests refused).
    await page.route('**/wp-json/marquee/v1/sync/**', (route) => route.abort('connectionrefused'));
    await page.goto('/');
    await page.getByRole('main').waitFor();
    await page.getByRole('banner').getByText(RESOURCES[language].common.sync.offline).waitFor();
    found.push(...(await layoutProblems(page, 'header')).map((problem) => `offline: ${problem}`));
    // The tagline is shown whole or left out whole (moved out of its box), never cut.
    const tagline = await page.evaluate(() => {
      const text = document.querySelector('.brand-tagline')!.getBoundingClientRect();
      const box = document.querySelector('.brand-tagline')!.parentElement!.getBoundingClientRect();
      const inside =
        text.left >= box.left - 1 &&
        text.right <= box.right + 1 &&
        text.top >= box.top - 1 &&
        text.bottom <= box.bottom + 1;
      const outside = text.left >= box.right || text.top >= box.bottom;
      return inside || outside ? '' : 'offline: the tagline is cut';
    });
    if (tagline) found.push(tagline);
    if (language === 'bg') await readmeScreenshot(page, 'calendar-offline-bg');
    expect(found).toEqual([]);
  });
}
