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

  it('starts thousands of queued tasks in the order they were submitted, past the queue compacting its head', async () => {
    const limit = createLimiter(2);
    const started: number[] = [];
    let running = 0;
    let peak = 0;
    const results = await Promise.all(
      Array.from({ length: 5000 }, (_, i) =>
        limit(async () => {
          started.push(i);
          peak = Math.max(peak, ++running);
          // Every third task waits a turn, so that tasks finish out of order.
          if (i % 3 === 0) await new Promise((resolve) => setImmediate(resolve));
          running--;
          return i * 2;
        }),
      ),
    );
    expect(started).toEqual(Array.from({ length: 5000 }, (_, i) => i));
    expect(results).toEqual(Array.from({ length: 5000 }, (_, i) => i * 2));
    expect(peak).toBe(2);
  });

  it('queues again after the queue ran empty', async () => {
    const limit = createLimiter(1);
    expect(await Promise.all([1, 2, 3].map((n) => limit(async () => n)))).toEqual([1, 2, 3]);
    expect(await Promise.all([4, 5].map((n) => limit(async () => n)))).toEqual([4, 5]);
  });
});
