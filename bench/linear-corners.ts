/**
 * Two corners that were once quadratic, each size measured in its own process so that the peak memory is
 * its own:
 *   node linear-corners.js diff N   the plan's line diff of an N-line value with one changed line
 *   node linear-corners.js apart N  the same with two changed lines, near its start and near its end
 *   node linear-corners.js queue N  N tasks queued on the concurrency helper, four at a time
 * Prints one JSON line: wall-clock and CPU time, and the process's peak RSS (Node's own start included).
 */
import { createLimiter } from '../src/core/concurrency.js';
import { lineDiff } from '../src/report/line-diff.js';
import { ownCpuMs } from './server-control.js';

async function measure(work: () => Promise<string>): Promise<{ ms: number; cpuMs: number; detail: string }> {
  const cpu = ownCpuMs();
  const started = performance.now();
  const detail = await work();
  return { ms: Math.round(performance.now() - started), cpuMs: Math.round(ownCpuMs() - cpu), detail };
}

const [which, size] = [process.argv[2], Number(process.argv[3])];
let row: { name: string; ms: number; cpuMs: number; detail: string };
if ((which === 'diff' || which === 'apart') && Number.isInteger(size)) {
  const before = Array.from({ length: size }, (_, i) => `2026-11-26T10:00:00Z level=info request=${i} ok`);
  const after = [...before];
  const changed = which === 'diff' ? [Math.floor(size / 2)] : [1, size - 2];
  for (const at of changed) after[at] = '2026-11-26T10:00:00Z level=error request=middle failed';
  const [a, b] = [before.join('\n'), after.join('\n')];
  const measured = await measure(async () => {
    const ops = lineDiff(a, b);
    return `${ops.filter((o) => o.op !== ' ').length} changed lines of ${ops.length}`;
  });
  const what = which === 'diff' ? 'one changed line' : 'two changed lines, at its start and its end';
  row = { name: `a ${size.toLocaleString('en')}-line value with ${what}`, ...measured };
} else if (which === 'queue' && Number.isInteger(size)) {
  const measured = await measure(async () => {
    const limit = createLimiter(4);
    let done = 0;
    await Promise.all(
      Array.from({ length: size }, () =>
        limit(async () => {
          done++;
        }),
      ),
    );
    return `${done} tasks run`;
  });
  row = { name: `${size.toLocaleString('en')} queued tasks`, ...measured };
} else {
  throw new Error('usage: linear-corners.js diff|apart|queue SIZE');
}
console.log(JSON.stringify({ ...row, maxRssMiB: Math.round(process.resourceUsage().maxRSS / 1024) }));
