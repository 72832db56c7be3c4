// The `--format json` reference page, read from the function that builds the object
// (src/report/json-output.ts, `toJsonOutput`): each key of the object it returns, in order, with the comment
// written above it and whether it is always there (a key added by a conditional spread is not). Keys of
// nested objects are listed under their parent (`diagnostics[].code`), so a key added to the code appears
// here on the next 'npm run docs', and CI fails until it does. A change's keys that only its kind has
// (`...kindOf(c).json(c)`) are read from each kind's `changeJson` (src/kinds/<kind>/describe.ts), kind by
// kind, each there only for its kind's changes.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import ts from 'typescript';
import { KIND_FOLDERS } from './check-imports.mjs';

const SOURCE = 'src/report/json-output.ts';

/** Where each kind says its own keys: the function `changeJson` of its describe.ts. */
const KIND_JSON = { file: 'describe.ts', function: 'changeJson' };

/** Each kind's own keys, as the object its `changeJson` returns, with its file's text (for the comments). */
const kindObjects = [];

/** `kindOf(c).json(c)`: the keys of the change's kind, whichever it is. */
function isKindJson(expression) {
  return (
    ts.isCallExpression(expression) &&
    ts.isPropertyAccessExpression(expression.expression) &&
    expression.expression.name.text === 'json'
  );
}

async function readKindObjects(root) {
  kindObjects.length = 0;
  for (const folder of KIND_FOLDERS) {
    const path = `src/${folder}/${KIND_JSON.file}`;
    const text = await readFile(join(root, path), 'utf8');
    const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
    const fn = file.statements.find(
      (s) => ts.isFunctionDeclaration(s) && s.name?.text === KIND_JSON.function,
    );
    const returned = fn?.body?.statements.find((s) => ts.isReturnStatement(s));
    const object = returned?.expression ? objectOf(returned.expression)?.object : undefined;
    if (!object)
      throw new Error(
        `${path} has no ${KIND_JSON.function} returning an object: the JSON reference cannot be made`,
      );
    kindObjects.push({ object, text });
  }
}

/** The comment lines right above a node, without their markers. */
function commentOf(node, text) {
  const ranges = ts.getLeadingCommentRanges(text, node.getFullStart()) ?? [];
  return ranges
    .map((r) => text.slice(r.pos, r.end))
    .map((c) =>
      c
        .replace(/^\/\*\*?|\*\/$/g, '')
        .replace(/^\s*(\/\/|\*)\s?/gm, '')
        .trim(),
    )
    .join(' ')
    .replace(/\s+/g, ' ');
}

/** The file's function declarations by name: a `.map(name)` is read through the function it names. */
const functions = new Map();

/**
 * The object literal an expression builds: itself, an array's `.map((x) => ({…}))` or `.map(name)` (the
 * object the file's function `name` returns), or a ternary's branches.
 */
function objectOf(expression) {
  let e = expression;
  while (ts.isParenthesizedExpression(e)) e = e.expression;
  if (ts.isObjectLiteralExpression(e)) return { object: e, many: false };
  if (
    ts.isCallExpression(e) &&
    ts.isPropertyAccessExpression(e.expression) &&
    e.expression.name.text === 'map'
  ) {
    const fn = e.arguments[0];
    if (fn && ts.isArrowFunction(fn) && !ts.isBlock(fn.body)) {
      const inner = objectOf(fn.body);
      return inner ? { object: inner.object, many: true } : null;
    }
    const named = fn && ts.isIdentifier(fn) ? functions.get(fn.text) : undefined;
    const returned = named?.body?.statements.find((s) => ts.isReturnStatement(s));
    if (returned?.expression) {
      const inner = objectOf(returned.expression);
      return inner ? { object: inner.object, many: true } : null;
    }
  }
  if (ts.isConditionalExpression(e)) return objectOf(e.whenTrue);
  return null;
}

function keysOf(object, path, always, text, rows) {
  for (const property of object.properties) {
    if (ts.isSpreadAssignment(property)) {
      // `...(condition ? { key: … } : {})`: keys that are there only when the condition holds.
      const inner = objectOf(property.expression);
      if (inner) keysOf(inner.object, path, false, text, rows);
      // `...kindOf(c).json(c)`: each kind's own keys, there only for that kind's changes.
      else if (isKindJson(property.expression)) {
        for (const kind of kindObjects) keysOf(kind.object, path, false, kind.text, rows);
      }
      // `...name`: the keys of a value passed on whole, said by its comment.
      else if (ts.isIdentifier(property.expression)) {
        const from = property.expression.text;
        rows.push({ key: `${path}(…${from})`, always: true, comment: commentOf(property, text), from });
      }
      continue;
    }
    if (!ts.isPropertyAssignment(property) && !ts.isShorthandPropertyAssignment(property)) continue;
    const name = property.name.getText();
    const key = `${path}${name}`;
    const value = ts.isPropertyAssignment(property) ? property.initializer : property.name;
    const inner = ts.isPropertyAssignment(property) ? objectOf(property.initializer) : null;
    rows.push({
      key: inner?.many ? `${key}[]` : key,
      always,
      comment: commentOf(property, text),
      from: value.getText().replace(/\s+/g, ' '),
    });
    if (inner) keysOf(inner.object, `${key}${inner.many ? '[]' : ''}.`, true, text, rows);
  }
  return rows;
}

export async function jsonOutputPage(root, header) {
  const text = await readFile(join(root, SOURCE), 'utf8');
  await readKindObjects(root);
  const file = ts.createSourceFile(SOURCE, text, ts.ScriptTarget.Latest, true);
  functions.clear();
  for (const s of file.statements) if (ts.isFunctionDeclaration(s) && s.name) functions.set(s.name.text, s);
  const fn = functions.get('toJsonOutput');
  if (!fn) throw new Error(`${SOURCE} has no toJsonOutput: the JSON reference cannot be made`);
  const ret = fn.body.statements.find((s) => ts.isReturnStatement(s));
  const object = objectOf(ret.expression)?.object;
  const rows = keysOf(object, '', true, text, []);
  const cell = (s) => s.replace(/\|/g, '\\|');
  const short = (s) => (s.length > 70 ? `${s.slice(0, 67)}…` : s);
  return [
    header(SOURCE),
    '',
    '# The JSON output',
    '',
    '`--format json` prints one object on stdout, and the action writes the same object to the file its',
    '`plan-json` output names. These are its keys, in order, as `toJsonOutput` builds them; "always" means',
    'the key is in every object, otherwise it is there only when the run has something to put in it. The',
    "`version` changes when a key's meaning does. A run that stops before its report (a usage error) prints",
    '`{ "version", "command", "exitCode", "error": { "kind", "message" } }` instead',
    "([why](../decisions/json-output-on-every-run.md)). Each finding's `code` is explained in [codes](codes/README.md).",
    '',
    '| key | always | what it holds | from |',
    '| --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| \`${r.key}\` | ${r.always ? 'yes' : ''} | ${cell(r.comment)} | \`${cell(short(r.from)).replace(/`/g, "'")}\` |`,
    ),
    '',
  ].join('\n');
}
