#!/usr/bin/env node
/**
 * The direction of imports between the folders of src/ (docs/architecture.md). Every relative import of
 * every source file, static or dynamic (`import('…')`), is an arrow from its folder to the imported file's
 * folder. An arrow that goes up the layering below is a back arrow; folders that reach each other through
 * arrows form a cycle. Either fails the check unless scripts/import-baseline.json lists it, and a baseline
 * entry that no longer exists fails it too, so that the baseline can only shrink.
 *
 *
 * It checks the file names of src/ too: a name repeats across folders only as a documented pattern
 * (docs/architecture.md, "File names"), so that a name says what its file holds wherever it is read.
 *
 *   node scripts/check-imports.mjs            check against the baseline, and the file names
 *   node scripts/check-imports.mjs --list     print every arrow between folders, with one file that makes it
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

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
  ['git', 'plan', 'components', 'prometheus-rules', 'sandbox', 'backtest', 'live-series'],
  ['apply', 'evidence'],
  ['run'],
  ['logs', 'report'],
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

function sourceFiles(dir) {
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
  // Tarjan's algorithm; the graph has a few dozen folders, so recursion is fine.
  let index = 0;
  const indexOf = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (node) => {
    indexOf.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of next.get(node)) {
      if (!indexOf.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node), indexOf.get(to)));
      }
    }
    if (low.get(node) === indexOf.get(node)) {
      const members = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        members.push(member);
      } while (member !== node);
      if (members.length > 1) cycles.push(members.sort().join(', '));
    }
  };
  for (const node of [...next.keys()].sort()) if (!indexOf.has(node)) visit(node);
  return cycles.sort();
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
export function repeatedNames(srcDir, shared = SHARED_NAMES, resourceFolders = RESOURCE_FOLDERS) {
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
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, paths]) => {
      const files = paths
        .sort()
        .map((path) => `src/${path}`)
        .join(', ');
      return `${name} repeats across folders (${files}): name each file for what it holds, or document the pattern in docs/architecture.md ("File names") and scripts/check-imports.mjs.`;
    });
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
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
