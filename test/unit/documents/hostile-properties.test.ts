import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fc, it } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { renderReport } from '../../../src/cli/render.js';
import { runPlan } from '../../../src/commands/plan.js';
import { runValidate } from '../../../src/commands/validate.js';
import { Redactor } from '../../../src/core/redact.js';
import { conflictingComponents, parseFiles } from '../../../src/documents/index.js';
import { exitCodeFor } from '../../../src/run/exit-code.js';
import { type Sandbox, startSandbox } from '../../../src/sandbox/index.js';
import { ACME, EXAMPLE_ROOT, type TestRun, testRun } from '../commands/run-context.js';

/**
 * Mutations of the example documents, each checked end to end in-process (load, validate, plan against
 * the sandbox, render as text and as workflow commands). Seeded and bounded by a number of runs.
 */
const BASES = [
  readFileSync(join(EXAMPLE_ROOT, 'alerting/api.yaml'), 'utf8').split(/^---\n/m)[0]!,
  readFileSync(join(EXAMPLE_ROOT, 'components/prod-eu/external-dns.yaml'), 'utf8'),
];
// What a document may hold to forge output: a workflow command on a new line, terminal and bidi codes.
const MARK = 'INJECTED';
const hostileText = fc.constantFrom(
  `"x\\n::warning file=evil.yaml,line=1::${MARK}\\n::stop-commands::pwn"`,
  `"\\e[2K\\e[1A${MARK}\\r::error::${MARK}"`,
  `"\\u202e${MARK}\\u2066\\u200b\\u200d"`,
  `"::error::${MARK}"`,
  `"${'a'.repeat(5000)}"`,
  '"   "',
  `"שלום ${MARK} مرحبا"`,
);
const scalar = fc.oneof(
  hostileText,
  fc.constantFrom('.inf', '-.inf', '.nan', '1e400', '-1', '-0', '9007199254740993', '0x1F', '1_000'),
  fc.constantFrom('yes', 'no', 'on', 'off', 'y', 'n', '~', 'null', '""', "''"),
  fc.constantFrom('!!timestamp 2001-12-14', '!!binary aGVsbG8=', '!custom x', '!!str 5', '!!int "7"'),
  fc.constantFrom(
    '[]',
    '{}',
    '[[[[[[[[[[[[[[[[[[[[x]]]]]]]]]]]]]]]]]]]',
    `${'['.repeat(3000)}${']'.repeat(3000)}`,
  ),
  fc.constantFrom('*missing', '&a 1', '{<<: {a: 1}}', '"..", ', '..', '.', 'a/b', 'javascript:alert(1)'),
  fc.integer().map(String),
  fc.double().map((d) => String(d)),
  fc.string({ maxLength: 40 }).map((s) => JSON.stringify(s)),
);
const mutation = fc.oneof(
  fc.record({ op: fc.constant('delete' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('retype' as const), at: fc.nat(), value: scalar }),
  fc.record({ op: fc.constant('duplicate' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('alias' as const), at: fc.nat(), to: fc.nat() }),
  fc.record({
    op: fc.constant('key' as const),
    at: fc.nat(),
    key: fc.constantFrom('__proto__', '1', '"1"', '~', '? [a]', '<<', 'constructor', hostileText.toString()),
  }),
  fc.record({ op: fc.constant('nest' as const), at: fc.nat(), depth: fc.integer({ min: 1, max: 400 }) }),
  fc.record({
    op: fc.constant('endings' as const),
    style: fc.constantFrom('\r\n', '\r', 'mixed'),
    bom: fc.boolean(),
  }),
  fc.record({ op: fc.constant('second' as const), bom: fc.boolean() }),
);
type Mutation = typeof mutation extends fc.Arbitrary<infer T> ? T : never;

function mutate(base: string, mutations: readonly Mutation[]): string {
  let lines = base.split('\n');
  const content = () => lines.map((l, i) => [l, i] as const).filter(([l]) => /^\s*[\w-]+:/.test(l));
  const pick = (n: number) => content()[n % Math.max(1, content().length)];
  for (const m of mutations) {
    const target = 'at' in m ? pick(m.at) : undefined;
    switch (m.op) {
      case 'delete':
        if (target) lines.splice(target[1], 1);
        break;
      case 'retype':
        if (target) lines[target[1]] = target[0].replace(/:.*$/, `: ${m.value}`);
        break;
      case 'duplicate':
        if (target) lines.splice(target[1], 0, target[0]);
        break;
      case 'alias': {
        const to = pick(m.to);
        if (target && to && target[1] !== to[1]) {
          lines[target[1]] = target[0].replace(/:\s*(.*)$/, ': &anchor $1');
          lines[to[1]] = to[0].replace(/:.*$/, ': *anchor');
        }
        break;
      }
      case 'key':
        if (target)
          lines.splice(target[1], 0, `${target[0].match(/^\s*/)?.[0] ?? ''}${m.key}: {polluted: 1}`);
        break;
      case 'nest':
        if (target)
          lines[target[1]] = target[0].replace(/:.*$/, `: ${'{a: '.repeat(m.depth)}1${'}'.repeat(m.depth)}`);
        break;
      case 'endings': {
        const text = lines.join('\n');
        const joined =
          m.style === 'mixed'
            ? text.replace(/\n/g, (_, i: number) => ['\n', '\r\n', '\r'][i % 3]!)
            : text.replace(/\n/g, m.style);
        lines = [`${m.bom ? '\uFEFF' : ''}${joined}`];
        break;
      }
      case 'second':
        lines = [...lines, '---', `${m.bom ? '\uFEFF' : ''}${base}`];
        break;
    }
  }
  return lines.join('\n');
}

let sandbox: Sandbox;
let repo: string;
const runs: TestRun[] = [];
beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: false });
  repo = mkdtempSync(join(tmpdir(), 'hostile-'));
});
afterAll(async () => {
  await Promise.all(runs.map((r) => r.close()));
  await sandbox.close();
  rmSync(repo, { recursive: true, force: true });
});

describe('mutated example documents', () => {
  it.prop([fc.nat({ max: BASES.length - 1 }), fc.array(mutation, { minLength: 1, maxLength: 4 })], {
    numRuns: 60,
    seed: 1515,
  })('never crash, forge output or send a request for a document in error', async (which, mutations) => {
    const text = mutate(BASES[which]!, mutations);
    writeFileSync(join(repo, 'doc.yaml'), text);
    const lineCount = text.split(/\r\n|\r|\n/).length;
    const run = testRun(sandbox, { root: repo, paths: ['doc.yaml'], organizationId: ACME });
    runs.push(run);

    const validated = await runValidate(run.ctx);
    expect([0, 1]).toContain(exitCodeFor(validated));
    for (const d of validated.diagnostics) {
      expect(d.file).toBe('doc.yaml');
      expect(d.line).toBeGreaterThanOrEqual(1);
      expect(d.line).toBeLessThanOrEqual(lineCount);
    }
    for (const format of ['text', 'github'] as const) {
      const out = renderReport(validated, { format, color: false, redactor: new Redactor(), policy: {} });
      expect(out).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
      for (const line of out.split('\n')) {
        // Only our own annotations start a line with `::`, and they carry the file's name.
        if (line.trimStart().startsWith('::'))
          expect(line).toMatch(/^::(error|warning|notice) file=doc\.yaml,/);
        expect(line.trimStart().startsWith(MARK)).toBe(false);
      }
      expect(out).not.toMatch(/[\u001b\u202e\u2066\r]/);
    }

    if (validated.diagnostics.some((d) => d.severity === 'error')) {
      sandbox.resetLog();
      const planned = await runPlan(run.ctx);
      expect([0, 1]).toContain(exitCodeFor(planned));
      // A plan reads (one list per organization) and resolves only the components that passed every
      // check: a document in error is never resolved nor written.
      const loaded = parseFiles([{ path: 'doc.yaml', bytes: new TextEncoder().encode(text) }]);
      const clean = loaded.documents.filter((d) => !conflictingComponents(loaded.documents).has(d));
      const resolvable = clean.filter((d) => d.kind === 'PlatformComponent').length;
      const sent = sandbox.requests.filter((r) => r.method !== 'GET');
      expect(sent.every((r) => r.operation === 'resolvePlatformTemplateComponentConfiguration')).toBe(true);
      expect(sent.length).toBeLessThanOrEqual(resolvable);
      expect(JSON.stringify(sandbox.requests)).not.toContain('__proto__');
    }
  });
});
