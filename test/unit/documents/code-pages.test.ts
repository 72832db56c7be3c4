import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CODE_PAGES_DIR, codeAnchor, codePagePath } from '../../../src/core/published.js';
import { FINDING_TITLES } from '../../../src/report/finding-title.js';
import { VIOLATION_CODES } from '../../../src/sandbox/resolve/violation.js';
import { inRepository, REPOSITORY_ROOT } from '../../helpers/repository.js';

/**
 * Every code the tool can emit has its section in docs/reference/codes/ (a page per family: what it means,
 * an example, the fix, whether it can be silenced), on the page and at the anchor the findings link to; and
 * no section names a code that no longer exists. Codes come from three places, each covered: every code
 * table (each `src/**​/codes.ts` module, read as values, so a new table is seen without editing this test),
 * every code-shaped string literal in the source (a known family, a dot, a kebab-case name: codes written
 * in place), and the one code built at run time from outside, a component violation's code, which is the
 * service's own (the contract's set, as the sandbox serves it).
 */

/** Families of codes written in place rather than in a table; the tables' own families are added to these. */
const IN_PLACE_FAMILIES = ['component', 'logs', 'service', 'export', 'discovery', 'history'];

/** Code-shaped strings that are not codes: an editor setting's name that `init` writes, a file's name. */
const NOT_CODES = new Set(['yaml.schemas', 'plan.json']);

async function sourceFiles(): Promise<string[]> {
  const entries = await readdir(inRepository('src'), { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => join(e.parentPath, e.name))
    .filter((path) => !path.startsWith(inRepository('src', 'sandbox')));
}

/** Every string value of a module's exported objects (`CODES.notYaml` → 'file.not-yaml'). */
function stringValues(module: Record<string, unknown>): string[] {
  return Object.values(module)
    .filter((value): value is Record<string, unknown> => typeof value === 'object' && value !== null)
    .flatMap((table) => Object.values(table).filter((v): v is string => typeof v === 'string'));
}

async function emittedCodes(): Promise<Set<string>> {
  const files = await sourceFiles();
  const codes = new Set<string>(Object.values(VIOLATION_CODES));
  for (const file of files.filter((f) => f.endsWith(`${join('/', 'codes.ts')}`))) {
    for (const code of stringValues(await import(pathToFileURL(file).href))) codes.add(code);
  }
  const families = new Set([...IN_PLACE_FAMILIES, ...[...codes].map((c) => c.split('.')[0]!)]);
  const literal = new RegExp(`['\`"]((?:${[...families].join('|')})\\.[a-z]+(?:-[a-z]+)*)['\`"]`, 'g');
  for (const file of files) {
    for (const match of (await readFile(file, 'utf8')).matchAll(literal)) {
      if (!NOT_CODES.has(match[1]!)) codes.add(match[1]!);
    }
  }
  return codes;
}

interface Section {
  readonly page: string;
  readonly text: string;
}

/** The sections of the code pages: a `## code` heading each, with the text up to the next heading. */
function sectionsOf(pages: ReadonlyMap<string, string>): Map<string, Section> {
  const sections = new Map<string, Section>();
  for (const [page, text] of pages) {
    for (const part of text.split(/^(?=## )/m).slice(1)) {
      const code = /^## (\S+)\n/.exec(part)?.[1];
      if (code) sections.set(code, { page, text: part });
    }
  }
  return sections;
}

/** What is wrong between the codes the source emits and the sections the pages hold: both ways. */
function pageProblems(emitted: ReadonlySet<string>, sections: ReadonlyMap<string, Section>): string[] {
  const problems: string[] = [];
  for (const code of [...emitted].sort()) {
    const section = sections.get(code);
    if (!section) {
      problems.push(`${code}: no section in ${codePagePath(code)}`);
      continue;
    }
    if (section.page !== codePagePath(code))
      problems.push(`${code}: in ${section.page}, linked at ${codePagePath(code)}`);
    for (const part of ['**Example.**', '**Fix.**', '**Silence.**']) {
      if (!section.text.includes(part)) problems.push(`${code}: its section has no ${part}`);
    }
  }
  for (const code of [...sections.keys()].sort()) {
    if (!emitted.has(code))
      problems.push(`${code}: ${sections.get(code)!.page} explains a code the source no longer emits`);
  }
  return problems;
}

async function codePages(): Promise<Map<string, string>> {
  const dir = inRepository(CODE_PAGES_DIR);
  const names = (await readdir(dir)).filter((name) => name.endsWith('.md') && name !== 'README.md');
  const pages = new Map<string, string>();
  for (const name of names) {
    pages.set(relative(REPOSITORY_ROOT, join(dir, name)), await readFile(join(dir, name), 'utf8'));
  }
  return pages;
}

describe('the code pages', () => {
  it('explain every code the tool can emit, and no code it does not', async () => {
    const emitted = await emittedCodes();
    const sections = sectionsOf(await codePages());
    expect(pageProblems(emitted, sections)).toEqual([]);
    // Both counts, equal: every code has its section and every section its code.
    expect(sections.size).toBe(emitted.size);
    expect(emitted.size).toBeGreaterThan(125);
    // The scan sees what it should: codes written in place in the components' code, and every table.
    expect(emitted).toContain('component.access-denied');
    expect(emitted).toContain('logs.fallback');
    expect(emitted).toContain('backtest.never-fired');
    expect(emitted).toContain('VALUE_NOT_ALLOWED');
  });

  it('fail on a code without a section and on a section without a code', async () => {
    const sections = sectionsOf(await codePages());
    const emitted = new Set([...sections.keys()].filter((code) => code !== 'plan.ghost-rule'));
    emitted.add('live-series.gap');
    expect(pageProblems(emitted, sections)).toEqual([
      'live-series.gap: no section in docs/reference/codes/live-series.md',
      'plan.ghost-rule: docs/reference/codes/plan.md explains a code the source no longer emits',
    ]);
    const moved = new Map([
      ['plan.ghost-rule', { page: 'docs/reference/codes/apply.md', text: '## plan.ghost-rule\n' }],
    ]);
    expect(pageProblems(new Set(['plan.ghost-rule']), moved)).toEqual([
      'plan.ghost-rule: in docs/reference/codes/apply.md, linked at docs/reference/codes/plan.md',
      'plan.ghost-rule: its section has no **Example.**',
      'plan.ghost-rule: its section has no **Fix.**',
      'plan.ghost-rule: its section has no **Silence.**',
    ]);
  });

  it('are where the findings link: the heading of each code is the anchor its link names', async () => {
    const pages = await codePages();
    for (const [code, section] of sectionsOf(pages)) {
      // GitHub's anchor of a heading: lower case, spaces to hyphens, other punctuation than - and _ dropped.
      const heading = /^## (\S+)/.exec(section.text)![1]!;
      const github = heading
        .toLowerCase()
        .replace(/[^\p{L}\p{N}_ -]/gu, '')
        .replace(/ /g, '-');
      expect(codeAnchor(code), code).toBe(github);
    }
    expect(codeAnchor('plan.receiver-in-use')).toBe('planreceiver-in-use');
    expect(codePagePath('VALUE_NOT_ALLOWED')).toBe('docs/reference/codes/component.md');
    expect(codePagePath('live-series.gap')).toBe('docs/reference/codes/live-series.md');
  });

  it('each have a title for annotations', async () => {
    const sections = sectionsOf(await codePages());
    expect([...sections.keys()].filter((code) => FINDING_TITLES[code] === undefined)).toEqual([]);
  });
});
