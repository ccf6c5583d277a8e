import { describe, expect, it } from 'vitest';
import { createPassGate } from './one-pass.ts';

/** A pass that ends when the test says, noting when it started. */
function heldPass(started: string[], name: string) {
  let end!: (value: string) => void;
  const ended = new Promise<string>((resolve) => (end = resolve));
  return {
    start: () => {
      started.push(name);
      return ended;
    },
    end: () => end(name),
  };
}

describe('one pass at a time', () => {
  it('starts a pass asked meanwhile once the one under way has ended', async () => {
    const gate = createPassGate<string>();
    const started: string[] = [];
    const first = heldPass(started, 'first');
    const second = heldPass(started, 'second');
    const one = gate.run(first.start);
    const two = gate.run(second.start);
    await Promise.resolve();
    expect(started).toEqual(['first']);
    expect(gate.busy()).toBe(true);
    first.end();
    expect(await one).toBe('first');
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['first', 'second']);
    second.end();
    expect(await two).toBe('second');
    expect(gate.busy()).toBe(false);
  });

  it('aborts its signal on stop and waits for the pass under way to settle', async () => {
    const gate = createPassGate<string>();
    const pass = heldPass([], 'pass');
    const running = gate.run(pass.start);
    let stopped = false;
    const stopping = gate.stop().then(() => (stopped = true));
    expect(gate.signal.aborted).toBe(true);
    await Promise.resolve();
    expect(stopped).toBe(false);
    pass.end();
    await stopping;
    expect(await running).toBe('pass');
  });
});
