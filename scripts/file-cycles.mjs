/**
 * Import cycles between the files of src/ (docs/architecture.md, "The check and its baseline"). The floors
 * of scripts/check-imports.mjs let the files of one folder import each other; two files that reach each
 * other, even for types only, are still one design knotted in two places: neither can be read, tested or
 * moved without the other. Every relative import of every file, static, dynamic (`import('…')`), type-only
 * or a re-export, is an arrow from file to file; files that reach each other through arrows (a strongly
 * connected component of more than one file) form a cycle. scripts/import-baseline.json may list a cycle,
 * as the sorted list of its files, while it is being taken apart; like the rest of the baseline, it can
 * only shrink.
 */
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/**
 * The strongly connected components of more than one node of a graph (Map<node, Iterable<node>>), each as
 * its sorted nodes, sorted by their first. Tarjan's algorithm; recursion is fine for a few hundred nodes.
 */
export function stronglyConnected(next) {
  let index = 0;
  const indexOf = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const visit = (node) => {
    indexOf.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of next.get(node) ?? []) {
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
      if (members.length > 1) components.push(members.sort());
    }
  };
  for (const node of [...next.keys()].sort()) if (!indexOf.has(node)) visit(node);
  return components.sort((a, b) => a[0].localeCompare(b[0]));
}

/** The source file a relative specifier names: `./x.js` is `./x.ts`, `./dir` is `./dir/index.ts`. */
function resolveSpecifier(from, specifier, known) {
  const target = resolve(dirname(from), specifier);
  const candidates = [
    target.replace(/\.js$/, '.ts'),
    target.replace(/\.mjs$/, '.mts'),
    target,
    `${target}.ts`,
    `${target}/index.ts`,
  ];
  return candidates.find((candidate) => known.has(candidate));
}

/** The names an import or re-export declaration brings over, `type ` before a type-only one. */
function importedNames(node) {
  const typed = (name, typeOnly) => (typeOnly ? `type ${name}` : name);
  if (ts.isImportDeclaration(node)) {
    const clause = node.importClause;
    if (!clause) return [];
    const names = clause.name ? [typed('default', clause.isTypeOnly)] : [];
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) names.push(typed('*', clause.isTypeOnly));
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) {
        const name = (element.propertyName ?? element.name).text;
        names.push(typed(name, clause.isTypeOnly || element.isTypeOnly));
      }
    }
    return names;
  }
  const clause = node.exportClause;
  if (!clause || ts.isNamespaceExport(clause)) return [typed('*', node.isTypeOnly)];
  return clause.elements.map((element) =>
    typed((element.propertyName ?? element.name).text, node.isTypeOnly || element.isTypeOnly),
  );
}

/**
 * The names a dynamic `import('…')` takes, in the two forms src/ uses: `const { a, b } = await import('…')`
 * and `(await import('…')).a`; `*` otherwise. Each is marked `(dynamic)`.
 */
function dynamicNames(call) {
  const awaited = ts.isAwaitExpression(call.parent) ? call.parent : undefined;
  const holder = awaited?.parent;
  let names = ['*'];
  if (holder && ts.isVariableDeclaration(holder) && ts.isObjectBindingPattern(holder.name)) {
    names = holder.name.elements.map((element) => (element.propertyName ?? element.name).getText());
  } else if (holder && ts.isParenthesizedExpression(holder) && ts.isPropertyAccessExpression(holder.parent)) {
    names = [holder.parent.name.text];
  }
  return names.map((name) => `${name} (dynamic)`);
}

/** Every relative module specifier of a file, with the names each brings over. */
function specifiersOf(file) {
  const text = readFileSync(file, 'utf8');
  // Import and export declarations are top-level statements; only an `import(` anywhere in the text calls
  // for a walk of every node, and for their parents (dynamicNames reads what takes the import's value).
  const deep = /\bimport\s*\(/.test(text);
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, deep);
  const found = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) {
        found.push({ specifier: node.moduleSpecifier.text, names: importedNames(node) });
      }
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, names: dynamicNames(node) });
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      const name = node.qualifier ? node.qualifier.getText(source) : '*';
      found.push({ specifier: node.argument.literal.text, names: [`type ${name}`] });
    }
    if (deep) ts.forEachChild(node, visit);
  };
  for (const statement of source.statements) visit(statement);
  return found.filter(({ specifier }) => specifier.startsWith('.'));
}

/**
 * The file import graph of `files` (absolute paths under `srcDir`): Map<file, Map<imported file, names>>,
 * each file named from the folder above `srcDir` (`src/plan/diff.ts`). Imports that leave `srcDir` or name
 * no source file (JSON, package.json) are not arrows.
 */
export function fileImports(srcDir, files) {
  const known = new Set(files);
  const name = (path) => relative(dirname(srcDir), path).split(sep).join('/');
  const graph = new Map();
  for (const file of [...files].sort()) {
    const arrows = new Map();
    for (const { specifier, names } of specifiersOf(file)) {
      const target = resolveSpecifier(file, specifier, known);
      if (!target || target === file) continue;
      const to = name(target);
      arrows.set(to, [...new Set([...(arrows.get(to) ?? []), ...names])]);
    }
    graph.set(name(file), arrows);
  }
  return graph;
}

/** The shortest path of arrows from `from` to `to` within `members`, both ends included. */
function shortestPath(graph, members, from, to) {
  const cameFrom = new Map([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const next of [...graph.get(node).keys()].sort()) {
      if (!members.has(next)) continue;
      if (next === to) {
        const path = [to];
        for (let step = node; step !== null; step = cameFrom.get(step)) path.unshift(step);
        return path;
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  return [];
}

/**
 * The cycles between files: each strongly connected component as its sorted `files` and the `loops` that
 * walk it in import order, each loop a list of files that starts and ends with the same one. The first loop
 * is the shortest through the first file; a file no loop has passed yet starts another, so every file of
 * the component is on one.
 */
export function fileCycles(graph) {
  const next = new Map([...graph].map(([file, arrows]) => [file, arrows.keys()]));
  return stronglyConnected(next).map((files) => {
    const members = new Set(files);
    const loops = [];
    const walked = new Set();
    for (const file of files) {
      if (walked.has(file)) continue;
      const loop = [file, ...shortestPath(graph, members, file, file).slice(1)];
      for (const step of loop) walked.add(step);
      loops.push(loop);
    }
    return { files, loops };
  });
}

/** A loop as `a -> b -> a`, with what each file imports from the next. */
function describeLoop(graph, loop) {
  const arrows = loop.slice(1).map((to, i) => {
    const names = graph.get(loop[i]).get(to);
    return `${loop[i]} imports ${names.length > 0 ? names.join(', ') : 'nothing by name'}`;
  });
  return `${loop.join(' -> ')} (${arrows.join('; ')})`;
}

/**
 * What the file check finds against the baseline's `fileCycles` (lists of sorted files): the cycles, and one
 * line per problem (a cycle the baseline does not list, a baseline entry that is gone).
 */
export function judgeFileCycles(graph, baselineCycles = []) {
  const cycles = fileCycles(graph);
  const key = (files) => [...files].sort().join(', ');
  const known = new Set(baselineCycles.map(key));
  const found = new Set(cycles.map(({ files }) => key(files)));
  const problems = [];
  for (const { files, loops } of cycles.filter(({ files }) => !known.has(key(files)))) {
    const walks = loops.map((loop) => describeLoop(graph, loop)).join('; and ');
    problems.push(`cycle between files ${files.join(', ')}: ${walks}.`);
  }
  for (const entry of [...known].filter((k) => !found.has(k))) {
    problems.push(`cycle between files ${entry} is gone: remove it from scripts/import-baseline.json.`);
  }
  return { cycles, problems };
}
