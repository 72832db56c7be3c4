/**
 * Bounded concurrency, the one helper for it: apply's writes, the planner's reads, component resolution and
 * the post step's clusters. The service client paces requests against the rate limit; this only keeps a
 * large repository from opening hundreds of sockets at once.
 */

/** A gate letting at most `concurrency` tasks run at once, started in the order they were submitted. */
export function createLimiter(concurrency: number): <T>(task: () => Promise<T>) => Promise<T> {
  const max = Number.isFinite(concurrency) && concurrency >= 1 ? Math.floor(concurrency) : 1;
  let running = 0;
  // A queue read from a head index: `shift()` moves every waiter on each release, quadratic in the tasks
  // queued (one per file for the file reader). The consumed head is dropped once it is half the array.
  let waiting: (() => void)[] = [];
  let head = 0;
  const takeNext = (): (() => void) | undefined => {
    if (head === waiting.length) return undefined;
    const next = waiting[head++];
    if (head === waiting.length) {
      waiting = [];
      head = 0;
    } else if (head >= 1024 && head * 2 >= waiting.length) {
      waiting = waiting.slice(head);
      head = 0;
    }
    return next;
  };
  // A finished task hands its slot straight to the next waiter, so a task submitted meanwhile cannot
  // slip in between and exceed the limit.
  const release = () => {
    const next = takeNext();
    if (next) next();
    else running--;
  };
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await task();
    } finally {
      release();
    }
  };
}

/**
 * `task` for every item, at most `limit` at once, started in input order. Results keep the input order
 * whatever order tasks finish in, so reports are stable.
 */
export function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const run = createLimiter(limit);
  return Promise.all(items.map((item, index) => run(() => task(item, index))));
}
