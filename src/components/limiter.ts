/**
 * Runs at most `concurrency` tasks at once, in the order they were submitted. The service client paces
 * requests against the rate limit; this only keeps a large repository from opening hundreds of sockets.
 */
export function createLimiter(concurrency: number): <T>(task: () => Promise<T>) => Promise<T> {
  const max = Number.isFinite(concurrency) && concurrency >= 1 ? Math.floor(concurrency) : 1;
  let running = 0;
  const waiting: (() => void)[] = [];
  // A finished task hands its slot straight to the next waiter, so a task submitted meanwhile cannot
  // slip in between and exceed the limit.
  const release = () => {
    const next = waiting.shift();
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
