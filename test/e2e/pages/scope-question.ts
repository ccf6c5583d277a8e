/** The question a write to a repeating event asks: this event, this and following, or all. */
import type { Page } from '@playwright/test';
import { RESOURCES } from '#shared/i18n/resources.ts';
import { expect } from '../fixtures.ts';

const en = RESOURCES.en.common;

/** Answers the scope question (it names the action in its title). */
export async function answerScope(page: Page, scope: string) {
  const question = page.getByRole('dialog', { name: /repeating event/ });
  await question.getByRole('radio', { name: scope, exact: true }).check();
  await question.getByRole('button', { name: en.scope.ok }).click();
  await expect(question).toBeHidden();
}
