import { describe, expect, it } from 'vitest';
import { createLimiter } from '../../../src/core/concurrency.js';

describe('createLimiter', () => {
  it('never runs more than the limit at once, and runs everything', async () => {
    const limit = createLimiter(3);
    let running = 0;
    let peak = 0;
    const gates: (() => void)[] = [];
    const tasks = Array.from({ length: 10 }, (_, i) =>
      limit(async () => {
        running++;
        peak = Math.max(peak, running);
        await new Promise<void>((resolve) => gates.push(resolve));
        running--;
        return i;
      }),
    );
    // Open the gates one by one; each release lets exactly one waiting task start.
    while (gates.length > 0 || running > 0) {
      await new Promise((resolve) => setImmediate(resolve));
      gates.shift()?.();
    }
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(peak).toBe(3);
  });

  it('treats a nonsensical limit as one', async () => {
    const limit = createLimiter(0);
    let running = 0;
    let peak = 0;
    await Promise.all(
      [1, 2, 3].map(() =>
        limit(async () => {
          peak = Math.max(peak, ++running);
          await Promise.resolve();
          running--;
        }),
      ),
    );
    expect(peak).toBe(1);
  });

  it('frees the slot when a task fails', async () => {
    const limit = createLimiter(1);
    await expect(limit(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limit(async () => 'next')).toBe('next');
  });
});
