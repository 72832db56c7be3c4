// Ports the Prometheus project's own PromQL parser tests into test/fixtures/promql-corpus/, the corpus the
// PromQL checks are measured against (test/unit/promql/prometheus-corpus.test.ts).
//
//   node scripts/port-promql-corpus.mjs <git dir of github.com/prometheus/prometheus> <tag or commit>
//
// It reads, at that commit: promql/parser/parse_test.go (the `testExpr` table: input, fail, the first
// error's message and position), promql/parser/printer_test.go and prettier_test.go (the `in:` inputs, all
// expected to parse) and the `eval` queries of promql/promqltest/testdata/*.test (all expected to parse).
// Go's positions count bytes; they are written here in UTF-16 code units, as the checks count.
// The tests read the written file only: no network, no Go toolchain.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

const [gitDir, ref] = process.argv.slice(2);
if (!gitDir || !ref) {
  console.error('usage: node scripts/port-promql-corpus.mjs <prometheus git dir> <tag or commit>');
  process.exit(2);
}
const git = (...args) =>
  execFileSync('git', [`--git-dir=${gitDir}`, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });
const commit = git('rev-parse', `${ref}^{commit}`).trim();
const show = (path) => git('show', `${commit}:${path}`);

/** The Go source from `open` (an index of `{`) to its matching `}`, skipping strings, runes and comments. */
function matching(src, open) {
  let depth = 0;
  for (let i = open; i < src.length; i++) {
    const c = src[i];
    if (c === '"' || c === "'") i = endOfQuoted(src, i);
    else if (c === '`') i = src.indexOf('`', i + 1);
    else if (c === '/' && src[i + 1] === '/') i = src.indexOf('\n', i);
    else if (c === '/' && src[i + 1] === '*') i = src.indexOf('*/', i) + 1;
    else if (c === '{' || c === '(' || c === '[') depth++;
    else if (c === '}' || c === ')' || c === ']') {
      depth--;
      if (depth === 0) return i;
    }
  }
  throw new Error(`unbalanced Go source from offset ${open}`);
}

function endOfQuoted(src, start) {
  for (let i = start + 1; i < src.length; i++) {
    if (src[i] === '\\') i++;
    else if (src[i] === src[start]) return i;
  }
  throw new Error(`unterminated Go literal at offset ${start}`);
}

/** The top-level pieces of a composite literal's body, split on commas outside brackets and strings. */
function splitTopLevel(body) {
  const parts = [];
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '"' || c === "'") i = endOfQuoted(body, i);
    else if (c === '`') i = body.indexOf('`', i + 1);
    else if (c === '/' && body[i + 1] === '/') i = body.indexOf('\n', i);
    else if (c === '{' || c === '(' || c === '[') i = matching(body, i);
    else if (c === ',') {
      parts.push(body.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(body.slice(start));
  return parts
    .map(stripComments)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}

function stripComments(text) {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'") {
      const end = endOfQuoted(text, i);
      out += text.slice(i, end + 1);
      i = end;
    } else if (c === '`') {
      const end = text.indexOf('`', i + 1);
      out += text.slice(i, end + 1);
      i = end;
    } else if (c === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      i = end === -1 ? text.length : end - 1;
    } else out += c;
  }
  return out;
}

/** `key: value` fields of a struct literal body. */
function fields(body) {
  const out = new Map();
  for (const part of splitTopLevel(body)) {
    const m = /^(\w+)\s*:\s*([\s\S]*)$/.exec(part);
    if (m) out.set(m[1], m[2].trim());
  }
  return out;
}

class Unported extends Error {}

// The Go values the tables build inputs from, where they are not literals (as float64 holds them).
const GO_CONSTANTS = {
  'float64(math.MaxInt64)+1': 2n ** 63n,
  'float64(math.MinInt64)-1': -(2n ** 63n),
};

/** A Go string expression (literals, `+`, strings.Repeat, fmt.Sprintf/Errorf with %f) as UTF-8 bytes. */
function goString(expr) {
  const terms = splitPlus(expr.trim());
  return Buffer.concat(terms.map(goStringTerm));
}

function splitPlus(expr) {
  const terms = [];
  let start = 0;
  for (let i = 0; i < expr.length; i++) {
    const c = expr[i];
    if (c === '"') i = endOfQuoted(expr, i);
    else if (c === '`') i = expr.indexOf('`', i + 1);
    else if (c === '(') i = matching(expr, i);
    else if (c === '+') {
      terms.push(expr.slice(start, i).trim());
      start = i + 1;
    }
  }
  terms.push(expr.slice(start).trim());
  return terms;
}

function goStringTerm(term) {
  if (term.startsWith('`') && term.endsWith('`')) return Buffer.from(term.slice(1, -1), 'utf8');
  if (term.startsWith('"') && term.endsWith('"')) return unquoteInterpreted(term.slice(1, -1));
  const call = /^([\w.]+)\(([\s\S]*)\)$/.exec(term);
  if (call) {
    const args = splitTopLevel(call[2]);
    if (call[1] === 'strings.Repeat')
      return Buffer.from(goString(args[0]).toString('latin1').repeat(Number(args[1])), 'latin1');
    if ((call[1] === 'fmt.Sprintf' || call[1] === 'fmt.Errorf') && args.length === 2) {
      const value = GO_CONSTANTS[args[1].replace(/\s/g, '')];
      const format = goString(args[0]).toString('utf8');
      if (value !== undefined && format.split('%f').length === 2) {
        return Buffer.from(format.replace('%f', `${value}.000000`), 'utf8');
      }
    }
    if (call[1] === 'errors.New') return goString(args[0]);
  }
  throw new Unported(`not a Go string expression this script evaluates: ${term.slice(0, 60)}`);
}

function unquoteInterpreted(body) {
  const bytes = [];
  const simple = { a: 7, b: 8, f: 12, n: 10, r: 13, t: 9, v: 11, '\\': 92, '"': 34, "'": 39 };
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c !== '\\') {
      bytes.push(...Buffer.from(String.fromCodePoint(body.codePointAt(i)), 'utf8'));
      if (body.codePointAt(i) > 0xffff) i++;
      continue;
    }
    const e = body[++i];
    if (e in simple) bytes.push(simple[e]);
    else if (e === 'x') {
      bytes.push(Number.parseInt(body.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (e === 'u' || e === 'U') {
      const n = e === 'u' ? 4 : 8;
      bytes.push(
        ...Buffer.from(String.fromCodePoint(Number.parseInt(body.slice(i + 1, i + 1 + n), 16)), 'utf8'),
      );
      i += n;
    } else if (/[0-7]/.test(e)) {
      bytes.push(Number.parseInt(body.slice(i, i + 3), 8));
      i += 2;
    } else throw new Unported(`unknown Go escape \\${e}`);
  }
  return Buffer.from(bytes);
}

/** UTF-8 bytes as text, or null when they are not valid UTF-8 (a YAML document cannot hold them). */
function utf8Text(bytes) {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** A byte offset of Go's into a UTF-16 offset of the same text. */
function utf16Offset(bytes, byteOffset) {
  return bytes.subarray(0, byteOffset).toString('utf8').length;
}

/** The first error of a `testExpr` case: message and position (bytes), or null when none is written. */
function firstError(errorsExpr) {
  let expr = errorsExpr.trim();
  if (expr.startsWith('append(')) expr = splitTopLevel(expr.slice('append('.length, -1))[0];
  if (expr.startsWith('repeatError(')) {
    const args = splitTopLevel(expr.slice('repeatError('.length, -1));
    return { message: goString(args[1]).toString('utf8'), start: Number(args[2]), end: Number(args[4]) };
  }
  if (!expr.startsWith('ParseErrors{')) return null;
  const first = splitTopLevel(expr.slice('ParseErrors{'.length, -1))[0];
  if (first === undefined) return null;
  const f = fields(
    first
      .replace(/^ParseErr/, '')
      .trim()
      .slice(1, -1),
  );
  const range = /Start:\s*(\d+),\s*End:\s*(\d+)/.exec(f.get('PositionRange') ?? '');
  return {
    message: goString(f.get('Err')).toString('utf8'),
    start: range ? Number(range[1]) : null,
    end: range ? Number(range[2]) : null,
  };
}

const cases = [];
const skipped = [];

function parserCases() {
  const src = show('promql/parser/parse_test.go');
  const head = src.indexOf('var testExpr = []struct {');
  const listOpen = src.indexOf('}{', head) + 1;
  const list = src.slice(listOpen + 1, matching(src, listOpen));
  for (const entry of splitTopLevel(list)) {
    const f = fields(entry.slice(1, -1));
    const source = 'promql/parser/parse_test.go testExpr';
    let bytes;
    try {
      bytes = goString(f.get('input'));
    } catch (error) {
      if (!(error instanceof Unported)) throw error;
      skipped.push({ source, input: f.get('input'), reason: error.message });
      continue;
    }
    const input = utf8Text(bytes);
    if (input === null) {
      skipped.push({
        source,
        input: bytes.toString('latin1'),
        reason: 'the input is not valid UTF-8: no YAML document can hold it',
      });
      continue;
    }
    if (f.get('fail') !== 'true') {
      cases.push({ source, input, accept: true });
      continue;
    }
    const error = firstError(f.get('errors') ?? '');
    if (error === null) throw new Error(`a failing case without an error: ${input}`);
    cases.push({
      source,
      input,
      accept: false,
      error: error.message,
      ...(error.start === null
        ? {}
        : { from: utf16Offset(bytes, error.start), to: utf16Offset(bytes, error.end) }),
    });
  }
}

function printerCases(path) {
  const src = show(path);
  for (const m of src.matchAll(/\bin:\s*/g)) {
    const rest = src.slice(m.index + m[0].length);
    const first = splitTopLevel(rest.slice(0, rest.search(/\n\s*(out|expected)\s*:|\n\s*\}/)))[0];
    const input = utf8Text(goString(first));
    cases.push({ source: `${path} in`, input, accept: true });
  }
}

const EVAL = [
  /^eval(?:_(?:fail|warn|ordered|info))?\s+instant\s+(?:at\s+(?:.+?))?\s+(.+)$/,
  /^eval(?:_(?:fail|warn|info))?\s+range\s+from\s+(?:.+)\s+to\s+(?:.+)\s+step\s+(?:.+?)\s+(.+)$/,
];

function evalCases() {
  const dir = 'promql/promqltest/testdata/';
  const files = git('ls-tree', '--name-only', commit, dir)
    .split('\n')
    .filter((p) => p.endsWith('.test'));
  for (const path of files) {
    const seen = new Set();
    for (const line of show(path).split('\n')) {
      const text = line.trim();
      if (!text.startsWith('eval')) continue;
      const m = EVAL.map((re) => re.exec(text)).find(Boolean);
      if (!m) throw new Error(`an eval line this script does not read: ${text}`);
      if (seen.has(m[1])) continue;
      seen.add(m[1]);
      cases.push({ source: path, input: m[1], accept: true });
    }
  }
}

parserCases();
printerCases('promql/parser/printer_test.go');
printerCases('promql/parser/prettier_test.go');
evalCases();

const out = {
  notice: [
    'Ported from the Prometheus project (https://github.com/prometheus/prometheus), Copyright The Prometheus Authors,',
    'licensed under the Apache License, Version 2.0 (http://www.apache.org/licenses/LICENSE-2.0).',
    'The inputs, expected outcomes, error messages and positions are theirs; positions are converted from',
    'UTF-8 bytes to UTF-16 code units. Written by scripts/port-promql-corpus.mjs; do not edit by hand.',
  ],
  repository: 'github.com/prometheus/prometheus',
  ref,
  commit,
  cases,
  skipped,
};
const target = new URL('../test/fixtures/promql-corpus/prometheus.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(out, null, 2)}\n`);
console.log(`${cases.length} cases, ${skipped.length} skipped, from ${ref} (${commit})`);
