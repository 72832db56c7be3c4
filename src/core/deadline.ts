/**
 * A time limit shared by the requests of one bounded step (the backtest, the live series check): past it no
 * request is sent, and those under way are given up with `reason`. The timer does not hold the process.
 */
export interface Deadline {
  /** Settles with the reason once the time is up. */
  readonly expired: Promise<string>;
  /** The reason once the time is up, else null: no query is sent past it. */
  readonly passed: () => string | null;
  /** Milliseconds left, at least 1. */
  readonly left: () => number;
  readonly clear: () => void;
}

export function deadlineOf(ms: number, reason: string): Deadline {
  let timer: NodeJS.Timeout | undefined;
  let passed: string | null = null;
  const until = Date.now() + ms;
  const expired = new Promise<string>((resolve) => {
    timer = setTimeout(() => {
      passed = reason;
      resolve(passed);
    }, ms);
    timer.unref?.();
  });
  return {
    expired,
    passed: () => passed,
    left: () => Math.max(1, until - Date.now()),
    clear: () => clearTimeout(timer),
  };
}
