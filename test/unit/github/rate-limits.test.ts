/**
 * GitHub's rate limits, answered by the fake GitHub and handled by the client's throttling: each wait is
 * the one GitHub asked for, slept on a fake clock, and a request still refused after its retries fails
 * with GitHub's status instead of being sent again by the retry plugin.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGitHubClient, statusOf } from '../../../src/github/github-client.js';
import { FakeClock } from '../../helpers/fake-clock.js';
import { type FakeGitHub, startFakeGitHub } from '../../helpers/fake-github.js';

let github: FakeGitHub;
let clock: FakeClock;
let log: string[];

beforeAll(async () => {
  github = await startFakeGitHub();
});
afterAll(async () => {
  await github.close();
});
beforeEach(() => {
  github.requests.length = 0;
  github.switches = {};
  clock = new FakeClock();
  log = [];
});

/** The client as the action makes it, with rate-limit handling on although the fake GitHub is on loopback. */
function client() {
  return createGitHubClient(github.token, {
    baseUrl: github.url,
    throttle: true,
    clock,
    retryBaseMs: 1,
    log: (line) => log.push(line),
  });
}

const listIssues = () => client().rest.issues.listForRepo({ owner: 'acme', repo: 'gitops' });
const statuses = () => github.requests.map((r) => r.status);

describe('GitHub rate limits', () => {
  it('waits out a secondary rate limit for its retry-after, then retries once', async () => {
    github.switches.rateLimitNext = [{ kind: 'secondary', retryAfterSeconds: 7 }];
    const answer = await listIssues();
    expect(answer.status).toBe(200);
    expect(clock.sleeps).toEqual([7_000]);
    expect(statuses()).toEqual([403, 200]);
    expect(log).toEqual([
      'GitHub secondary rate limit on GET /repos/{owner}/{repo}/issues; retrying in 7 s.',
    ]);
  });

  it('gives up on a second secondary rate limit in a row, with GitHub’s 403', async () => {
    github.switches.rateLimitNext = [
      { kind: 'secondary', retryAfterSeconds: 7 },
      { kind: 'secondary', retryAfterSeconds: 30 },
    ];
    const error = await listIssues().catch((e: unknown) => e);
    expect(statusOf(error)).toBe(403);
    expect(clock.sleeps).toEqual([7_000]);
    expect(statuses()).toEqual([403, 403]);
    expect(log.at(-1)).toBe(
      'GitHub secondary rate limit on GET /repos/{owner}/{repo}/issues; not retried again.',
    );
  });

  it.for([403, 429] as const)(
    'waits for the primary rate limit to reset (HTTP %i), then retries',
    async (status) => {
      github.switches.rateLimitNext = [{ kind: 'primary', status, resetInSeconds: 60 }];
      const answer = await listIssues();
      expect(answer.status).toBe(200);
      expect(statuses()).toEqual([status, 200]);
      // Until a second after the reset GitHub announced (whole seconds: 60 s from now, give or take the
      // second boundary between the answer and its reading).
      expect(clock.sleeps).toHaveLength(1);
      expect(clock.sleeps[0]).toBeGreaterThanOrEqual(60_000);
      expect(clock.sleeps[0]).toBeLessThanOrEqual(61_000);
      expect(log[0]).toMatch(
        /^GitHub rate limit reached on GET \/repos\/\{owner\}\/\{repo\}\/issues; retrying in 6[01] s\.$/,
      );
    },
  );

  it('retries the primary rate limit twice, then fails with GitHub’s 429 and sends nothing more', async () => {
    github.switches.rateLimitNext = Array.from({ length: 5 }, () => ({
      kind: 'primary' as const,
      status: 429 as const,
      resetInSeconds: 10,
    }));
    const error = await listIssues().catch((e: unknown) => e);
    expect(statusOf(error)).toBe(429);
    expect(clock.sleeps).toHaveLength(2);
    expect(statuses()).toEqual([429, 429, 429]);
    expect(log.at(-1)).toBe(
      'GitHub rate limit reached on GET /repos/{owner}/{repo}/issues; not retried again.',
    );
  });
});
