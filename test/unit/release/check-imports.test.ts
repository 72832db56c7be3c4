import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a script of the project, plain JavaScript without declarations
import { folderArrows, judge, repeatedNames } from '../../../scripts/check-imports.mjs';

const repo = fileURLToPath(new URL('../../..', import.meta.url));
const NONE = { backArrows: [], cycles: [] };
const LAYERS = [['core'], ['plan'], ['commands']];

describe('the import-direction check', () => {
  let src = '';
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(src, path)), { recursive: true });
    writeFileSync(join(src, path), text);
  };
  beforeEach(() => {
    src = join(mkdtempSync(join(tmpdir(), 'check-imports-')), 'src');
    write('core/clock.ts', 'export const now = () => 0;\n');
    write('plan/diff.ts', "import { now } from '../core/clock.js';\nexport const plan = now;\n");
    write('commands/plan.ts', "import { plan } from '../plan/diff.js';\nexport const run = plan;\n");
  });
  afterEach(() => rmSync(dirname(src), { recursive: true, force: true }));

  it('passes imports that point down', () => {
    const arrows = folderArrows(src);
    expect([...arrows.keys()].sort()).toEqual(['commands -> plan', 'plan -> core']);
    expect(judge(arrows, NONE, LAYERS).problems).toEqual([]);
  });

  it('fails a dynamic import of a higher floor, which is also a cycle, and ignores one in a comment', () => {
    write(
      'plan/late.ts',
      "// import('../commands/plan.js') in a comment is no import\nexport const late = () => import('../commands/plan.js');\n",
    );
    const arrows = folderArrows(src);
    expect(arrows.get('plan -> commands')).toEqual(['src/plan/late.ts']);
    expect(judge(arrows, NONE, LAYERS).problems).toEqual([
      'back arrow plan -> commands: src/plan/late.ts import(s) a folder on a higher floor.',
      'cycle between folders: commands, plan.',
    ]);
    const listed = { backArrows: ['plan -> commands'], cycles: ['commands, plan'] };
    expect(judge(arrows, listed, LAYERS).problems).toEqual([]);
  });

  it('fails a baseline entry that is gone, so that the baseline only shrinks', () => {
    const listed = { backArrows: ['plan -> commands'], cycles: ['commands, plan'] };
    expect(judge(folderArrows(src), listed, LAYERS).problems).toEqual([
      'back arrow plan -> commands is gone: remove it from scripts/import-baseline.json.',
      'cycle commands, plan is gone: remove it from scripts/import-baseline.json.',
    ]);
  });

  it('fails a folder on no floor', () => {
    write('extra/x.ts', "export { now } from '../core/clock.js';\n");
    expect(judge(folderArrows(src), NONE, LAYERS).problems).toEqual([
      'src/extra/ is on no floor: add it to LAYERS in scripts/check-imports.mjs and to docs/architecture.md.',
    ]);
  });

  it('fails a file name that repeats across folders, naming every file that has it', () => {
    write('core/outcome.ts', 'export const a = 1;\n');
    write('commands/outcome.ts', 'export const b = 1;\n');
    expect(repeatedNames(src)).toEqual([
      'outcome.ts repeats across folders (src/commands/outcome.ts, src/core/outcome.ts): name each file for what it holds, or document the pattern in docs/architecture.md ("File names") and scripts/check-imports.mjs.',
    ]);
  });

  it("passes the documented patterns: a folder's types, codes and entry point, and the service's resources", () => {
    for (const folder of ['core', 'plan', 'commands']) {
      write(`${folder}/types.ts`, 'export type T = 1;\n');
      write(`${folder}/codes.ts`, 'export const C = 1;\n');
      write(`${folder}/index.ts`, 'export const I = 1;\n');
    }
    for (const folder of ['service/types', 'service/decode', 'sandbox/routes']) {
      write(`${folder}/alert-rules.ts`, 'export const r = 1;\n');
    }
    expect(repeatedNames(src)).toEqual([]);
    // A resource's name outside the folders that mirror the service is a repeat like any other.
    write('commands/alert-rules.ts', 'export const r = 1;\n');
    expect(repeatedNames(src)).toHaveLength(1);
    expect(repeatedNames(src)[0]).toMatch(
      /^alert-rules\.ts repeats across folders \(src\/commands\/alert-rules\.ts, /,
    );
  });

  it("passes this repository's src/ against its committed baseline", () => {
    const baseline = JSON.parse(readFileSync(join(repo, 'scripts/import-baseline.json'), 'utf8'));
    expect(judge(folderArrows(join(repo, 'src')), baseline).problems).toEqual([]);
  });

  it("passes this repository's src/ file names", () => {
    expect(repeatedNames(join(repo, 'src'))).toEqual([]);
  });
});
