#!/usr/bin/env node
/**
 * The direction of imports between the folders of src/ (docs/architecture.md). Every relative import of
 * every source file, static or dynamic (`import('…')`), is an arrow from its folder to the imported file's
 * folder. An arrow that goes up the layering below is a back arrow; folders that reach each other through
 * arrows form a cycle. Either fails the check unless scripts/import-baseline.json lists it, and a baseline
 * entry that no longer exists fails it too, so that the baseline can only shrink.
 *
 *
 * It checks that no files of src/ import each other, through any chain of imports (scripts/file-cycles.mjs);
 * the baseline may list such a cycle too, as the sorted list of its files.
 *
 * It checks the file names of src/ too: a name repeats across folders only as a documented pattern
 * (docs/architecture.md, "File names"), so that a name says what its file holds wherever it is read.
 *
 * And the sandbox's boundary: src/sandbox is entered through its index.ts only, and imports from the rest
 * of src/ only contract types and the exceptions recorded in docs/decisions/sandbox.md.
 *
 *   node scripts/check-imports.mjs            check against the baseline, and the file names
 *   node scripts/check-imports.mjs --list     print every arrow between folders, with one file that makes it
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { fileImports, judgeFileCycles, stronglyConnected } from './file-cycles.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const srcDir = join(root, 'src');
const baselinePath = join(root, 'scripts', 'import-baseline.json');

/**
 * Ground floor first. A folder may import its own floor and the floors below it; an import of a floor
 * above is a back arrow. Folders on one floor may import each other as long as they form no cycle.
 * `src` stands for the files directly under src/ (the CLI's entry point).
 */
export const LAYERS = [
  ['core'],
  ['markdown', 'service', 'promql', 'names'],
  ['documents'],
  ['model'],
  ['kinds'],
  ['git', 'plan', 'components', 'prometheus-rules', 'sandbox', 'backtest', 'live-series'],
  ['apply', 'evidence'],
  ['run'],
  ['logs', 'report', 'planner'],
  ['commands'],
  ['github', 'runtime'],
  ['action', 'cli', 'src'],
];

/**
 * The file names that may repeat across folders (docs/architecture.md, "File names"): a folder's own types,
 * its finding codes and its entry point.
 */
export const SHARED_NAMES = ['types.ts', 'codes.ts', 'index.ts'];

/**
 * The folders that mirror the service one file per resource (`alert-rules.ts`, `cluster-logs.ts`, …): its
 * answers' types, their decoding, and the sandbox's routes. Names repeat among these folders only.
 */
export const RESOURCE_FOLDERS = ['service/types', 'service/decode', 'sandbox/routes'];

/**
 * The folders of the kinds a plan changes (docs/architecture.md, "The change model"): each kind's folder
 * holds the same parts under the same names (`plan-changes.ts`, `identity.ts`, `fields.ts`, `write.ts`, …),
 * so that adding a kind is adding a folder like the others. Names repeat among these folders only.
 */
export const KIND_FOLDERS = ['kinds/alert-rule', 'kinds/alert-receiver'];

export function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|mts|js|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The folder of src/ a path lies in: its first segment, or `src` for a file directly under src/. */
function folderOf(srcDir, path) {
  const parts = relative(srcDir, path).split(sep);
  return parts.length > 1 ? parts[0] : 'src';
}

/** Arrows between the folders of `srcDir`, each with the files that make it: Map<"from -> to", string[]>. */
export function folderArrows(srcDir) {
  const arrows = new Map();
  for (const file of sourceFiles(srcDir)) {
    // preProcessFile finds static imports, re-exports and dynamic import() calls, and skips comments and strings.
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = resolve(dirname(file), fileName);
      if (relative(srcDir, target).startsWith('..')) continue;
      const from = folderOf(srcDir, file);
      const to = folderOf(srcDir, target);
      if (from === to) continue;
      const key = `${from} -> ${to}`;
      if (!arrows.has(key)) arrows.set(key, []);
      arrows.get(key).push(relative(dirname(srcDir), file).split(sep).join('/'));
    }
  }
  return arrows;
}

/** Folders that reach each other (strongly connected, more than one folder), each as "a, b, c" sorted. */
export function folderCycles(arrows) {
  const next = new Map();
  for (const key of arrows.keys()) {
    const [from, to] = key.split(' -> ');
    if (!next.has(from)) next.set(from, new Set());
    if (!next.has(to)) next.set(to, new Set());
    next.get(from).add(to);
  }
  return stronglyConnected(next)
    .map((folders) => folders.join(', '))
    .sort();
}

/**
 * What the check finds against the baseline ({ backArrows: string[], cycles: string[] }): the back arrows,
 * the cycles, and one line per problem (a folder on no floor, an arrow or a cycle the baseline does not
 * list, a baseline entry that is gone).
 */
export function judge(arrows, baseline, layers = LAYERS) {
  const floorOf = new Map(layers.flatMap((folders, floor) => folders.map((folder) => [folder, floor])));
  const problems = [];
  const folders = new Set([...arrows.keys()].flatMap((key) => key.split(' -> ')));
  for (const folder of [...folders].filter((f) => !floorOf.has(f)).sort()) {
    problems.push(
      `src/${folder}/ is on no floor: add it to LAYERS in scripts/check-imports.mjs and to docs/architecture.md.`,
    );
  }
  const backArrows = [...arrows.keys()]
    .filter((key) => {
      const [from, to] = key.split(' -> ');
      return floorOf.has(from) && floorOf.has(to) && floorOf.get(to) > floorOf.get(from);
    })
    .sort();
  const cycles = folderCycles(arrows);
  const known = { backArrows: new Set(baseline.backArrows), cycles: new Set(baseline.cycles) };
  for (const key of backArrows.filter((k) => !known.backArrows.has(k))) {
    problems.push(`back arrow ${key}: ${arrows.get(key).join(', ')} import(s) a folder on a higher floor.`);
  }
  for (const cycle of cycles.filter((c) => !known.cycles.has(c))) {
    problems.push(`cycle between folders: ${cycle}.`);
  }
  for (const key of baseline.backArrows.filter((k) => !backArrows.includes(k))) {
    problems.push(`back arrow ${key} is gone: remove it from scripts/import-baseline.json.`);
  }
  for (const cycle of baseline.cycles.filter((c) => !cycles.includes(c))) {
    problems.push(`cycle ${cycle} is gone: remove it from scripts/import-baseline.json.`);
  }
  return { backArrows, cycles, problems };
}

/**
 * One line per file name that repeats across the folders of `srcDir` outside the documented patterns, naming
 * every file that has it.
 */
export function repeatedNames(
  srcDir,
  shared = SHARED_NAMES,
  resourceFolders = RESOURCE_FOLDERS,
  kindFolders = KIND_FOLDERS,
) {
  const byName = new Map();
  for (const file of sourceFiles(srcDir)) {
    const path = relative(srcDir, file).split(sep).join('/');
    const name = path.slice(path.lastIndexOf('/') + 1);
    if (!byName.has(name)) byName.set(name, []);
    byName.get(name).push(path);
  }
  const folderOfPath = (path) => path.slice(0, Math.max(path.lastIndexOf('/'), 0));
  return [...byName]
    .filter(([name, paths]) => paths.length > 1 && !shared.includes(name))
    .filter(([, paths]) => !paths.every((path) => resourceFolders.includes(folderOfPath(path))))
    .filter(([, paths]) => !paths.every((path) => kindFolders.includes(folderOfPath(path))))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, paths]) => {
      const files = paths
        .sort()
        .map((path) => `src/${path}`)
        .join(', ');
      return `${name} repeats across folders (${files}): name each file for what it holds, or document the pattern in docs/architecture.md ("File names") and scripts/check-imports.mjs.`;
    });
}

/**
 * The sandbox (src/sandbox) is a second product inside the repository (docs/decisions/sandbox.md, "What the
 * sandbox imports from the tool"). The rest of src/ reaches it through its one entry, and it imports from
 * the rest of src/ only `import type` of the service's contract types (src/service/types.ts and
 * src/service/types/) and the files listed here, each for the reason the decision record gives.
 */
export const SANDBOX_ENTRY = 'src/sandbox/index.ts';
export const SANDBOX_EXCEPTIONS = [
  'src/core/duration.ts', // the project's one ISO-8601 duration grammar
  'src/core/package-files.ts', // where the package's own files lie, in the sources and in the bundle
  'src/promql/check-query.ts', // the PromQL checks that refuse a query Prometheus refuses
  'src/promql/library.ts', // the PromQL parser the checks read
  'src/promql/literals.ts', // PromQL's numbers, durations and strings as Prometheus reads them
  'src/service/decode/platform-fields.ts', // the field kinds the client reads
  'src/service/types.ts', // the contract's enumerations, as values
];

/** A file's path below the repository with `.ts` for the `.js` an import names, e.g. `src/core/clock.ts`. */
function sourcePath(srcDir, path) {
  return relative(dirname(srcDir), path)
    .split(sep)
    .join('/')
    .replace(/\.(m?)js$/, '.$1ts');
}

/**
 * Every relative import of a file ({ target, typeOnly }), static, re-exported or dynamic. Type-only are
 * `import type …`, `export type … from` and `import('…')` in a type, which leave nothing at run time;
 * `import { type A }` leaves an import behind (verbatimModuleSyntax), so it is not.
 */
function relativeImports(file) {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found = [];
  const add = (specifier, typeOnly) => {
    if (specifier && ts.isStringLiteralLike(specifier) && specifier.text.startsWith('.')) {
      found.push({ target: resolve(dirname(file), specifier.text), typeOnly });
    }
  };
  const visit = (node) => {
    if (ts.isImportDeclaration(node)) add(node.moduleSpecifier, node.importClause?.isTypeOnly === true);
    else if (ts.isExportDeclaration(node)) add(node.moduleSpecifier, node.isTypeOnly);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument))
      add(node.argument.literal, true);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node.arguments[0], false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * One line per import that crosses the sandbox's boundary other than as allowed: into the sandbox past its
 * entry, out of it to anything but a contract type or a listed exception; and one per exception no file of
 * the sandbox imports any more, so that the list only shrinks.
 */
export function sandboxBoundary(srcDir, exceptions = SANDBOX_EXCEPTIONS) {
  const problems = [];
  const used = new Set();
  const inSandbox = (path) => path.startsWith('src/sandbox/');
  const contractType = (path) => path === 'src/service/types.ts' || path.startsWith('src/service/types/');
  for (const file of sourceFiles(srcDir)) {
    const from = sourcePath(srcDir, file);
    for (const { target, typeOnly } of relativeImports(file)) {
      const to = sourcePath(srcDir, target);
      if (inSandbox(from) === inSandbox(to)) continue;
      if (!inSandbox(from)) {
        if (to !== SANDBOX_ENTRY) {
          problems.push(
            `${from} imports ${to}: outside the sandbox, import only its entry ${SANDBOX_ENTRY} (export what is needed there).`,
          );
        }
      } else if (exceptions.includes(to)) {
        used.add(to);
      } else if (!(typeOnly && contractType(to))) {
        problems.push(
          `${from} imports ${to}: the sandbox imports from the tool only \`import type\` of the service's contract types (src/service/types*) and the exceptions of docs/decisions/sandbox.md (SANDBOX_EXCEPTIONS in scripts/check-imports.mjs).`,
        );
      }
    }
  }
  for (const exception of exceptions.filter((path) => !used.has(path))) {
    problems.push(
      `${exception} is no longer imported by the sandbox: remove it from SANDBOX_EXCEPTIONS in scripts/check-imports.mjs and from docs/decisions/sandbox.md.`,
    );
  }
  return problems;
}

function main() {
  const arrows = folderArrows(srcDir);
  if (process.argv.includes('--list')) {
    for (const [key, files] of [...arrows].sort()) console.log(`${key}  (${files.length}: ${files[0]})`);
    return;
  }
  const baseline = JSON.parse(readFileSync(baselinePath, 'utf8'));
  const { backArrows, cycles, problems } = judge(arrows, baseline);
  console.log(
    `imports between folders: ${arrows.size} arrows, ${backArrows.length} back arrows, ${cycles.length} cycles (baseline: ${baseline.backArrows.length} back arrows, ${baseline.cycles.length} cycles).`,
  );
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error('See docs/architecture.md for the floors and how to keep imports pointing down.');
    process.exitCode = 1;
  }
  const names = repeatedNames(srcDir);
  console.log(`file names repeated across folders outside the documented patterns: ${names.length}.`);
  for (const problem of names) console.error(problem);
  if (names.length > 0) process.exitCode = 1;

  const fileCycles = judgeFileCycles(fileImports(srcDir, sourceFiles(srcDir)), baseline.fileCycles);
  console.log(
    `import cycles between files: ${fileCycles.cycles.length} (baseline: ${baseline.fileCycles?.length ?? 0}).`,
  );
  for (const problem of fileCycles.problems) console.error(problem);
  if (fileCycles.problems.length > 0) {
    console.error('See docs/architecture.md ("No cycles between files") for how to break a cycle.');
    process.exitCode = 1;
  }
  const sandbox = sandboxBoundary(srcDir);
  console.log(
    `imports across the sandbox's boundary other than its entry, contract types and recorded exceptions: ${sandbox.length}.`,
  );
  for (const problem of sandbox) console.error(problem);
  if (sandbox.length > 0) process.exitCode = 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
