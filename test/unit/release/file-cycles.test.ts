import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a script of the project, plain JavaScript without declarations
import { sourceFiles } from '../../../scripts/check-imports.mjs';
import {
  fileCycles,
  fileImports,
  judgeFileCycles,
  stronglyConnected,
} from '../../../scripts/file-cycles.mjs';

const repo = fileURLToPath(new URL('../../..', import.meta.url));

describe('the check of import cycles between files', () => {
  let src = '';
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(src, path)), { recursive: true });
    writeFileSync(join(src, path), text);
  };
  const graph = () => fileImports(src, sourceFiles(src));
  beforeEach(() => {
    src = join(mkdtempSync(join(tmpdir(), 'file-cycles-')), 'src');
    write('core/clock.ts', 'export const now = () => 0;\n');
    write('plan/types.ts', 'export type Plan = { at: number };\n');
    write('plan/index.ts', "export * from './types.js';\nexport { diff } from './diff.js';\n");
    write(
      'plan/diff.ts',
      "import { now } from '../core/clock.js';\nimport type { Plan } from './types.js';\nexport const diff = (): Plan => ({ at: now() });\n",
    );
    write(
      'commands/plan.ts',
      "import { diff } from '../plan/index.js';\nimport schema from '../../schemas/x.json';\nexport const run = async () => [diff, schema, (await import('../core/clock.js')).now];\n",
    );
  });
  afterEach(() => rmSync(dirname(src), { recursive: true, force: true }));

  it('passes a tree without cycles, resolving .js to .ts and ./dir/index.js, and skipping what is no source', () => {
    const files = graph();
    expect([...files.get('src/commands/plan.ts')!]).toEqual([
      ['src/plan/index.ts', ['diff']],
      ['src/core/clock.ts', ['now (dynamic)']],
    ]);
    expect([...files.get('src/plan/index.ts')!]).toEqual([
      ['src/plan/types.ts', ['*']],
      ['src/plan/diff.ts', ['diff']],
    ]);
    expect(judgeFileCycles(files)).toEqual({ cycles: [], problems: [] });
  });

  it('fails a 2-file and a 3-file cycle, naming their files in import order and what each imports', () => {
    write('core/a.ts', "import { b } from './b.js';\nexport const a = () => b;\n");
    write(
      'core/b.ts',
      "import { a, type A } from './a.js';\nexport const b = () => a;\nexport type B = A;\n",
    );
    write('apply/x.ts', "import { y as why } from './y.js';\nexport const x = why;\n");
    write('apply/y.ts', "import { z } from './z.js';\nexport const y = z;\n");
    write(
      'apply/z.ts',
      "export const z = async () => { const { x } = await import('./x.js'); return x; };\n",
    );
    expect(judgeFileCycles(graph()).problems).toEqual([
      'cycle between files src/apply/x.ts, src/apply/y.ts, src/apply/z.ts: src/apply/x.ts -> src/apply/y.ts -> src/apply/z.ts -> src/apply/x.ts (src/apply/x.ts imports y; src/apply/y.ts imports z; src/apply/z.ts imports x (dynamic)).',
      'cycle between files src/core/a.ts, src/core/b.ts: src/core/a.ts -> src/core/b.ts -> src/core/a.ts (src/core/a.ts imports b; src/core/b.ts imports a, type A).',
    ]);
  });

  it('fails a cycle of types only: a type is a dependency too', () => {
    write('plan/gate.ts', "import type { Mark } from './mark.js';\nexport type Gate = { mark: Mark };\n");
    write('plan/mark.ts', "export type { Gate as Held } from './gate.js';\nexport type Mark = 'held';\n");
    expect(judgeFileCycles(graph()).problems).toEqual([
      'cycle between files src/plan/gate.ts, src/plan/mark.ts: src/plan/gate.ts -> src/plan/mark.ts -> src/plan/gate.ts (src/plan/gate.ts imports type Mark; src/plan/mark.ts imports type Gate).',
    ]);
  });

  it("walks every file of a cycle that one loop does not pass, and names an import('…') type and a bare directory", () => {
    // hub.ts and its two spokes: no single loop passes all three files.
    write(
      'run/hub.ts',
      "import './left.js';\nimport * as right from './right/index.js';\nexport const r = right;\n",
    );
    write('run/left.ts', "export type Hub = typeof import('./hub.js').r;\n");
    write(
      'run/right/index.ts',
      "export const back = () => import('..' + '/hub.js');\nexport * from '../hub.js';\n",
    );
    write(
      'run/bare.ts',
      "import { r } from './hub';\nimport { x } from './right';\nexport const s = [r, x];\n",
    );
    const files = graph();
    expect(files.get('src/run/bare.ts')!.get('src/run/right/index.ts')).toEqual(['x']);
    expect(fileCycles(files)).toEqual([
      {
        files: ['src/run/hub.ts', 'src/run/left.ts', 'src/run/right/index.ts'],
        loops: [
          ['src/run/hub.ts', 'src/run/left.ts', 'src/run/hub.ts'],
          ['src/run/right/index.ts', 'src/run/hub.ts', 'src/run/right/index.ts'],
        ],
      },
    ]);
    expect(judgeFileCycles(files).problems).toEqual([
      'cycle between files src/run/hub.ts, src/run/left.ts, src/run/right/index.ts: src/run/hub.ts -> src/run/left.ts -> src/run/hub.ts (src/run/hub.ts imports nothing by name; src/run/left.ts imports type r); and src/run/right/index.ts -> src/run/hub.ts -> src/run/right/index.ts (src/run/right/index.ts imports *; src/run/hub.ts imports *).',
    ]);
  });

  it('passes a cycle the baseline lists, and fails a baseline entry that is gone, so that the baseline only shrinks', () => {
    write('core/a.ts', "import { b } from './b.js';\nexport const a = () => b;\n");
    write('core/b.ts', "import { a } from './a.js';\nexport const b = () => a;\n");
    const listed = [['src/core/b.ts', 'src/core/a.ts']];
    expect(judgeFileCycles(graph(), listed).problems).toEqual([]);
    write('core/b.ts', 'export const b = () => 1;\n');
    expect(judgeFileCycles(graph(), listed)).toEqual({
      cycles: [],
      problems: [
        'cycle between files src/core/a.ts, src/core/b.ts is gone: remove it from scripts/import-baseline.json.',
      ],
    });
  });

  it('finds the strongly connected parts of a graph, leaving out nodes on no cycle', () => {
    const next = new Map([
      ['a', ['b']],
      ['b', ['a', 'c']],
      ['c', ['d']],
      ['d', ['c', 'e']],
    ]);
    expect(stronglyConnected(next)).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it("passes this repository's src/ against its committed baseline", () => {
    const baseline = JSON.parse(readFileSync(join(repo, 'scripts/import-baseline.json'), 'utf8'));
    expect(
      judgeFileCycles(fileImports(join(repo, 'src'), sourceFiles(join(repo, 'src'))), baseline.fileCycles)
        .problems,
    ).toEqual([]);
  });
});
