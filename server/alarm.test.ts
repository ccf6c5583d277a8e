/**
 * An alarm for work that writes holds off while a file's import writes aside (`held`): it is
 * not due meanwhile, and a moment that came then fires once the import has ended.
 */
import { expect, it } from 'vitest';
import { createAlarm } from './alarm.ts';
import { fixedClock } from './clock.ts';

it('is not due while held, and fires once the hold ends', async () => {
  const clock = fixedClock(new Date('2026-11-27T10:00:00Z'));
  let fired = 0;
  let release!: () => void;
  let hold: Promise<void> | undefined = new Promise((resolve) => (release = resolve));
  const alarm = createAlarm(
    clock,
    () => (fired += 1),
    () => hold,
  );
  alarm.set(clock.now().getTime());
  alarm.start();
  expect(alarm.due()).toBe(false);
  await new Promise((resolve) => setTimeout(resolve, 5)); // the timer runs, and waits
  expect(fired).toBe(0);
  hold = undefined;
  release();
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(fired).toBe(1);
  expect(alarm.due()).toBe(true);
  alarm.stop();
});
