import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  folderArrows,
  judge,
  repeatedNames,
  SANDBOX_EXCEPTIONS,
  sandboxBoundary,
  // @ts-expect-error: a script of the project, plain JavaScript without declarations
} from '../../../scripts/check-imports.mjs';

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

describe("the sandbox's boundary check", () => {
  let src = '';
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(src, path)), { recursive: true });
    writeFileSync(join(src, path), text);
  };
  const EXCEPTIONS = ['src/promql/check-query.ts'];
  beforeEach(() => {
    src = join(mkdtempSync(join(tmpdir(), 'check-sandbox-')), 'src');
    write('core/uuid.ts', 'export const isUuid = (v: string) => v.length === 36;\n');
    write('promql/check-query.ts', 'export const queryError = (q: string) => (q ? null : "empty");\n');
    write('service/types.ts', "export * from './types/alert-rules.js';\n");
    write(
      'service/types/alert-rules.ts',
      'export type Rule = { id: string };\nexport const KINDS = ["A"];\n',
    );
    write(
      'sandbox/index.ts',
      "import type { Rule } from '../service/types.js';\nimport type { Kind } from './model.js';\nexport const start = (r: Rule, k: Kind) => [r, k];\n",
    );
    write(
      'sandbox/model.ts',
      "import type { Rule } from '../service/types/alert-rules.js';\nexport type Kind = Rule['id'] | typeof import('../service/types.js');\n",
    );
    write(
      'sandbox/rules.ts',
      "import { queryError } from '../promql/check-query.js';\nexport const check = queryError;\n",
    );
    write('commands/sandbox.ts', "import { start } from '../sandbox/index.js';\nexport const run = start;\n");
  });
  afterEach(() => rmSync(dirname(src), { recursive: true, force: true }));

  it('passes the entry, `import type` of contract types and a recorded exception', () => {
    expect(sandboxBoundary(src, EXCEPTIONS)).toEqual([]);
  });

  it('fails a runtime import of the tool from the sandbox, and one written `import { type … }`', () => {
    write(
      'sandbox/seed.ts',
      "// import '../core/uuid.js' in a comment is no import\nimport { isUuid } from '../core/uuid.js';\nexport const ok = isUuid;\n",
    );
    write(
      'sandbox/kinds.ts',
      "import { KINDS } from '../service/types/alert-rules.js';\nexport const kinds = KINDS;\n",
    );
    write('sandbox/named.ts', "import { type Rule } from '../service/types.js';\nexport type R = Rule;\n");
    write('sandbox/late.ts', "export const late = () => import('../core/uuid.js');\n");
    const rule =
      "the sandbox imports from the tool only `import type` of the service's contract types (src/service/types*) and the exceptions of docs/decisions/sandbox.md (SANDBOX_EXCEPTIONS in scripts/check-imports.mjs).";
    expect(sandboxBoundary(src, EXCEPTIONS)).toEqual([
      `src/sandbox/kinds.ts imports src/service/types/alert-rules.ts: ${rule}`,
      `src/sandbox/late.ts imports src/core/uuid.ts: ${rule}`,
      `src/sandbox/named.ts imports src/service/types.ts: ${rule}`,
      `src/sandbox/seed.ts imports src/core/uuid.ts: ${rule}`,
    ]);
  });

  it('fails a type-only import of the tool beyond the contract types', () => {
    write('core/clock.ts', 'export interface Clock { now(): number }\n');
    write('sandbox/state.ts', "import type { Clock } from '../core/clock.js';\nexport type S = Clock;\n");
    expect(sandboxBoundary(src, EXCEPTIONS)).toEqual([
      expect.stringMatching(/^src\/sandbox\/state\.ts imports src\/core\/clock\.ts: the sandbox imports/),
    ]);
  });

  it('fails an import of the sandbox past its entry, a type or a re-export alike', () => {
    write('cli/demo.ts', "import type { Kind } from '../sandbox/model.js';\nexport type K = Kind;\n");
    write('commands/seed.ts', "export { check } from '../sandbox/rules.js';\n");
    expect(sandboxBoundary(src, EXCEPTIONS)).toEqual([
      'src/cli/demo.ts imports src/sandbox/model.ts: outside the sandbox, import only its entry src/sandbox/index.ts (export what is needed there).',
      'src/commands/seed.ts imports src/sandbox/rules.ts: outside the sandbox, import only its entry src/sandbox/index.ts (export what is needed there).',
    ]);
  });

  it('fails an exception the sandbox no longer imports, so that the list only shrinks', () => {
    expect(sandboxBoundary(src, [...EXCEPTIONS, 'src/core/uuid.ts'])).toEqual([
      'src/core/uuid.ts is no longer imported by the sandbox: remove it from SANDBOX_EXCEPTIONS in scripts/check-imports.mjs and from docs/decisions/sandbox.md.',
    ]);
  });

  it("passes this repository's src/ with the exceptions the decision record lists", () => {
    expect(sandboxBoundary(join(repo, 'src'))).toEqual([]);
    const record = readFileSync(join(repo, 'docs/decisions/sandbox.md'), 'utf8');
    const section = record.slice(record.indexOf('## What the sandbox imports from the tool'));
    const listed = [...section.matchAll(/^\| `(src\/[^`]+)` \|/gm)].map((m) => m[1]);
    expect(listed).toEqual(SANDBOX_EXCEPTIONS);
  });
});
