import { describe, expect, it } from 'vitest';
import { systemClock } from '../../../src/sandbox/sandbox-clock.js';

describe("the sandbox's own clock", () => {
  it('reads the time of the machine', () => {
    const before = Date.now();
    const now = systemClock.now();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  it('resolves a sleep, a negative one at once', async () => {
    await expect(systemClock.sleep(1)).resolves.toBeUndefined();
    await expect(systemClock.sleep(-5)).resolves.toBeUndefined();
  });

  it("rejects a sleep with the signal's reason, whether it aborted before or during the sleep", async () => {
    const before = new AbortController();
    before.abort(new Error('gone before'));
    await expect(systemClock.sleep(60_000, before.signal)).rejects.toThrow('gone before');
    const during = new AbortController();
    const sleeping = systemClock.sleep(60_000, during.signal);
    during.abort(new Error('gone during'));
    await expect(sleeping).rejects.toThrow('gone during');
  });
});
