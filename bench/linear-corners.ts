/**
 * Two corners that were once quadratic, each measured in its own process so that the peak memory is its own:
 *   node linear-corners.js diff   the plan's line diff of a 30,000-line value with one changed line
 *   node linear-corners.js queue  300,000 tasks queued on the concurrency helper, four at a time
 * Prints one JSON line: the time and the process's peak RSS (Node's own start included).
 */
import { createLimiter } from '../src/core/concurrency.js';
import { lineDiff } from '../src/plan/line-diff.js';

const LINES = 30_000;
const TASKS = 300_000;

async function measure(work: () => Promise<string>): Promise<{ ms: number; detail: string }> {
  const started = performance.now();
  const detail = await work();
  return { ms: Math.round(performance.now() - started), detail };
}

const which = process.argv[2];
let row: { name: string; ms: number; detail: string };
if (which === 'diff') {
  const before = Array.from({ length: LINES }, (_, i) => `2026-11-26T10:00:00Z level=info request=${i} ok`);
  const after = [...before];
  after[LINES / 2] = '2026-11-26T10:00:00Z level=error request=15000 failed';
  const [a, b] = [before.join('\n'), after.join('\n')];
  const { ms, detail } = await measure(async () => {
    const ops = lineDiff(a, b);
    return `${ops.filter((o) => o.op !== ' ').length} changed lines of ${ops.length}`;
  });
  row = { name: 'a 30,000-line value with one changed line', ms, detail };
} else if (which === 'queue') {
  const { ms, detail } = await measure(async () => {
    const limit = createLimiter(4);
    let done = 0;
    await Promise.all(
      Array.from({ length: TASKS }, () =>
        limit(async () => {
          done++;
        }),
      ),
    );
    return `${done} tasks run`;
  });
  row = { name: '300,000 queued tasks', ms, detail };
} else {
  throw new Error('usage: linear-corners.js diff|queue');
}
console.log(JSON.stringify({ ...row, maxRssMiB: Math.round(process.resourceUsage().maxRSS / 1024) }));
