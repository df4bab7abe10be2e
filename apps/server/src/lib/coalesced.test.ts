import { describe, expect, it } from 'vitest';
import { coalesced } from './coalesced.js';

/** A task whose runs the test ends one at a time; each run records what it saw when it started. */
function gatedTask() {
  const started: number[] = [];
  const gates: (() => void)[] = [];
  let state = 0;
  const task = () =>
    new Promise<void>((resolve) => {
      started.push(state);
      gates.push(resolve);
    });
  return {
    task,
    started,
    /** Ends the oldest run still going. */
    finish: () => gates.shift()?.(),
    set: (value: number) => {
      state = value;
    },
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('coalesced', () => {
  it('runs at once when idle, and once more after the run for every call made during it', async () => {
    const t = gatedTask();
    const run = coalesced(t.task);
    const first = run();
    expect(t.started).toEqual([0]);
    // Three calls during the first run, after something new became visible: one more run, not three.
    t.set(1);
    const during = [run(), run(), run()];
    expect(during[1]).toBe(during[0]);
    t.finish();
    await first;
    await turn();
    expect(t.started).toEqual([0, 1]);
    t.finish();
    await Promise.all(during);
    await turn();
    expect(t.started).toEqual([0, 1]);
  });

  it('a call during the second run gets a third, so nothing made visible meanwhile is missed', async () => {
    const t = gatedTask();
    const run = coalesced(t.task);
    void run();
    const second = run();
    t.finish();
    await turn();
    t.set(2);
    const third = run();
    expect(third).not.toBe(second);
    t.finish();
    await second;
    await turn();
    expect(t.started).toEqual([0, 0, 2]);
    t.finish();
    await third;
  });

  it('a failed run rejects its own callers and still lets the next run go', async () => {
    let calls = 0;
    const run = coalesced(async () => {
      calls += 1;
      if (calls === 1) throw new Error('down');
    });
    const first = run();
    const second = run();
    await expect(first).rejects.toThrow('down');
    await expect(second).resolves.toBeUndefined();
    expect(calls).toBe(2);
    await run();
    expect(calls).toBe(3);
  });
});
