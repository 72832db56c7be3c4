import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { BACKTEST_CODES } from '../../../src/backtest/codes.js';
import { CODES } from '../../../src/documents/index.js';
import { HISTORY_CODES } from '../../../src/git/codes.js';
import { LIVE_SERIES_CODES } from '../../../src/live-series/codes.js';
import { PLAN_CODES } from '../../../src/plan/codes.js';
import { RULES_IO_CODES } from '../../../src/prometheus-rules/codes.js';
import { PROMQL_CODES } from '../../../src/promql/index.js';
import { VIOLATION_CODES } from '../../../src/sandbox/resolve/violation.js';
import { inRepository } from '../../helpers/repository.js';

/**
 * Every code the tool can emit is in docs/diagnostics.md. Codes come from three places, each covered:
 * the code tables (read as values, so a code assembled from a table is seen), every code-shaped string
 * literal in the source (a family prefix, a dot, a kebab-case name: codes written in place), and the
 * one code built at run time from outside, a component violation's code, which is the service's own (the
 * contract's set, as the sandbox serves it).
 */
const FAMILIES = [
  'file',
  'yaml',
  'document',
  'schema',
  'discovery',
  'history',
  'plan',
  'service',
  'component',
  'export',
  'import',
  'logs',
  'backtest',
  'live-series',
];
const CODE_LITERAL = new RegExp(`['\`"]((?:${FAMILIES.join('|')})\\.[a-z]+(?:-[a-z]+)*)['\`"]`, 'g');

/** Code-shaped strings that are not codes: an editor setting's name that `init` writes, a file's name. */
const NOT_CODES = new Set(['yaml.schemas', 'plan.json']);

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => join(e.parentPath, e.name))
    .filter((path) => !path.startsWith(inRepository('src', 'sandbox')));
}

it('every code the tool can emit is documented in docs/diagnostics.md', async () => {
  const text = await readFile(inRepository('docs', 'diagnostics.md'), 'utf8');
  const documented = new Set([...text.matchAll(/^\| `([A-Za-z_.-]+)` \|/gm)].map((m) => m[1]));
  const emitted = new Set<string>([
    ...Object.values(CODES),
    ...Object.values(PROMQL_CODES),
    ...Object.values(PLAN_CODES),
    ...Object.values(HISTORY_CODES),
    ...Object.values(VIOLATION_CODES),
    ...Object.values(RULES_IO_CODES),
    ...Object.values(BACKTEST_CODES),
    ...Object.values(LIVE_SERIES_CODES),
  ]);
  for (const file of await sourceFiles(inRepository('src'))) {
    const source = await readFile(file, 'utf8');
    for (const match of source.matchAll(CODE_LITERAL)) {
      if (!NOT_CODES.has(match[1]!)) emitted.add(match[1]!);
    }
  }
  const missing = [...emitted].filter((code) => !documented.has(code)).sort();
  expect(missing).toEqual([]);
  // The scan sees what it should: codes written in place in the components' code.
  expect(emitted).toContain('component.access-denied');
  expect(emitted).toContain('logs.fallback');
});
