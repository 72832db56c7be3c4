import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { AnswerWatchdog, type WatchdogTimers } from '../../../src/github/answer-watchdog.js';
import { createGitHubClient } from '../../../src/github/github-client.js';

/** A loopback port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

describe('GitHub unreachable', () => {
  it('a refused connection is not retried (a retry delay of an hour would otherwise hold the test)', async () => {
    const activity: string[] = [];
    const github = createGitHubClient('ghs_token', {
      baseUrl: `http://127.0.0.1:${await closedPort()}`,
      retryBaseMs: 3_600_000,
      onActivity: (event) => activity.push(event),
    });
    const error = await github.rest.repos.get({ owner: 'o', repo: 'r' }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 500,
      message: expect.stringMatching(/^connection refused \(GET /),
    });
    expect((error as { response?: unknown }).response).toBeUndefined();
    expect(activity).toEqual(['start', 'settle']);
  });
});

describe('AnswerWatchdog', () => {
  function fakeTimers() {
    let now = 0;
    const pending = new Map<number, { at: number; fn: () => void }>();
    let next = 1;
    const timers: WatchdogTimers = {
      setTimeout: (fn, ms) => {
        pending.set(next, { at: now + ms, fn });
        return next++;
      },
      clearTimeout: (handle) => pending.delete(handle as number),
    };
    const advance = (ms: number) => {
      now += ms;
      for (const [id, timer] of [...pending].sort((a, b) => a[1].at - b[1].at)) {
        if (timer.at <= now && pending.delete(id)) timer.fn();
      }
    };
    return { timers, advance };
  }

  it('says once that it waits, then aborts every request after 15 s without an answer', () => {
    const { timers, advance } = fakeTimers();
    const lines: string[] = [];
    const watchdog = new AnswerWatchdog({ log: (line) => lines.push(line), timers });
    watchdog.activity('start');
    advance(3_000);
    expect(lines).toEqual(['Waiting for GitHub: no answer yet (giving up after 15 s without one)…']);
    advance(11_999);
    expect(watchdog.signal.aborted).toBe(false);
    advance(1);
    expect(watchdog.signal.aborted).toBe(true);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^GitHub gave no answer for 15 s: stopped waiting/);
  });

  it('an answer restarts the count; with nothing pending there is nothing to bound', () => {
    const { timers, advance } = fakeTimers();
    const watchdog = new AnswerWatchdog({ log: () => {}, timers });
    watchdog.activity('start');
    advance(10_000);
    watchdog.activity('start');
    watchdog.activity('settle');
    advance(10_000);
    expect(watchdog.signal.aborted).toBe(false);
    watchdog.activity('settle');
    advance(60_000);
    expect(watchdog.signal.aborted).toBe(false);
  });
});
