import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resultsOf } from '../../../src/apply/types.js';
import { renderReport } from '../../../src/cli/render.js';
import { runApplyPlan } from '../../../src/commands/apply-plan.js';
import { runPlan } from '../../../src/commands/plan.js';
import { MAX_PLAN_FILE_BYTES } from '../../../src/commands/plan-file-text.js';
import { Redactor } from '../../../src/core/redact.js';
import { pendingChanges } from '../../../src/model/types.js';
import { type PlanFile, parsePlanFile } from '../../../src/plan/plan-file.js';
import { toJsonOutput } from '../../../src/report/json-output.js';
import { countRun } from '../../../src/report/run-counts.js';
import { renderSummary } from '../../../src/report/step-summary.js';
import { exitCodeFor } from '../../../src/run/exit-code.js';
import { type Sandbox, startSandbox } from '../../../src/sandbox/index.js';
import { EXAMPLE_ROOT, type TestRun, testRun } from './run-context.js';

let sandbox: Sandbox;
let root: string;
let planFile: string;
const runs: TestRun[] = [];

function run() {
  const r = testRun(sandbox, { root });
  runs.push(r);
  return r.ctx;
}

const writes = () => sandbox.requests.filter((r) => r.method !== 'GET');

beforeEach(async () => {
  sandbox = await startSandbox({ rateLimit: false });
  root = mkdtempSync(join(tmpdir(), 'apply-plan-'));
  cpSync(EXAMPLE_ROOT, root, { recursive: true });
  planFile = join(root, 'plan.json');
});
afterEach(async () => {
  await Promise.all(runs.splice(0).map((r) => r.close()));
  await sandbox.close();
  rmSync(root, { recursive: true, force: true });
});

async function savePlan(): Promise<PlanFile> {
  const report = await runPlan(run(), { out: planFile });
  expect(report.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  sandbox.resetLog();
  return parsePlanFile(readFileSync(planFile, 'utf8'));
}

describe('plan --out, then apply --plan', () => {
  it('writes every change of the saved plan when the live rules did not move, with the reads of a plan (and one re-read after creates)', async () => {
    const saved = await savePlan();
    expect(saved.changes.length).toBeGreaterThan(1);
    const report = await runApplyPlan(run(), { planFile, strict: false });
    expect(report.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(report.results.map((r) => [r.change.name, r.ok])).toEqual(
      saved.changes.map((c) => [c.name, true]),
    );
    // The plan made again reads what `plan` reads: one list of the rules, and of the receivers the
    // documents name by name. After creates, one re-read removes a rule another run created meanwhile.
    const creates = saved.changes.some((c) => c.action === 'create');
    expect(report.requests.byOperation.getAlertRules).toBe(creates ? 2 : 1);
    expect(report.requests.byOperation.getAlertReceivers).toBe(1);
    expect(writes()).toHaveLength(saved.changes.length);
    expect(exitCodeFor(report)).toBe(0);
  });

  it('refuses the change whose rule was edited in the console since the plan, naming the field, and writes the others', async () => {
    const saved = await savePlan();
    const edited = saved.changes.find((c) => c.action === 'update');
    if (edited?.action !== 'update') throw new Error('the example plan has an update');
    const client = run().service();
    const live = await client.getAlertRule(edited.id);
    await client.editAlertRule(edited.id, { ...live, severity: live.severity === 'LOW' ? 'HIGH' : 'LOW' });
    sandbox.resetLog();

    const report = await runApplyPlan(run(), { planFile, strict: false });
    const refused = report.diagnostics.filter((d) => d.code === 'apply.changed-since-plan');
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ file: edited.file, line: edited.line, severity: 'error' });
    expect(refused[0]!.message).toContain(`"${edited.name}" (${edited.id}) is changed since the plan`);
    expect(refused[0]!.message).toContain('`severity`');
    expect(writes().map((w) => w.path)).not.toContain(`/alert-rules/${edited.id}`);
    expect(writes()).toHaveLength(saved.changes.length - 1);
    expect(report.skipped).toEqual([`1 of ${saved.changes.length} changes was not written: see the errors`]);
    expect(exitCodeFor(report)).toBe(1);

    // The report carries the file's plan as the gate marked it and apply wrote it: the JSON, the job
    // summary and the text all read that one value.
    const marked = pendingChanges(report.plan!);
    expect(marked.map((c) => c.name)).toEqual(saved.changes.map((c) => c.name));
    const heldOne = marked.find((c) => c.id === edited.id)!;
    expect(heldOne.gate).toEqual({ admitted: false, reason: 'changed since the saved plan' });
    expect(heldOne.result).toBeUndefined();
    expect(marked.filter((c) => c.gate?.admitted && c.result?.ok)).toHaveLength(saved.changes.length - 1);
    expect(resultsOf(report.plan)).toEqual(report.results);
    const json = toJsonOutput(report, {}) as { changes: { id: string | null; gate?: unknown }[] };
    expect(json.changes.find((c) => c.id === edited.id)?.gate).toEqual(heldOne.gate);
    expect(renderSummary(report, countRun(report))).toContain('### Held (not written)');
    expect(
      renderReport(report, { format: 'text', color: false, redactor: new Redactor(), policy: {} }),
    ).toContain(
      `Held (not written):\n  update ${edited.name} (${edited.id}) at ${edited.file}:${edited.line}: changed since the saved plan`,
    );
  });

  it('with --strict writes nothing when one change is refused', async () => {
    const saved = await savePlan();
    const edited = saved.changes.find((c) => c.action === 'update');
    if (edited?.action !== 'update') throw new Error('the example plan has an update');
    const client = run().service();
    const live = await client.getAlertRule(edited.id);
    await client.editAlertRule(edited.id, { ...live, description: `${live.description} (edited)` });
    sandbox.resetLog();

    const report = await runApplyPlan(run(), { planFile, strict: true });
    expect(report.diagnostics.map((d) => d.code)).toContain('apply.changed-since-plan');
    expect(report.diagnostics.find((d) => d.code === 'apply.changed-since-plan')?.message).toContain(
      '`description`',
    );
    expect(report.skipped).toEqual([
      `nothing was written (--strict): 1 of ${saved.changes.length} changes was refused`,
    ]);
    expect(writes()).toEqual([]);
    expect(exitCodeFor(report)).toBe(1);
    expect(pendingChanges(report.plan!).map((c) => c.gate?.admitted)).toEqual(saved.changes.map(() => false));
  });

  it('refuses the file whole when a rule it does not change was edited in the console since the plan', async () => {
    // The file fingerprints only the rules it changes: the update the documents now give for this one is
    // not told apart from an update taken out of the file.
    const saved = await savePlan();
    const P99 = 'a2a2a2a2-0000-4000-8000-000000000501';
    expect(saved.changes.map((c) => c.action !== 'create' && c.id)).not.toContain(P99);
    const client = run().service();
    const live = await client.getAlertRule(P99);
    await client.editAlertRule(P99, { ...live, severity: 'LOW' });
    sandbox.resetLog();

    const report = await runApplyPlan(run(), { planFile, strict: false });
    const refused = report.diagnostics.filter((d) => d.severity === 'error');
    expect(refused.map((d) => [d.code, d.file])).toEqual([['apply.plan-differs', 'alerting/api.yaml']]);
    expect(refused[0]!.message).toContain(
      `the documents give the update of alert rule "api-p99-latency" (${P99}) (alerting/api.yaml:3), which the file does not hold (a change taken out of the file, or an alert rule changed in the service since the plan)`,
    );
    expect(writes()).toEqual([]);
    expect(exitCodeFor(report)).toBe(1);
  });

  it('refuses a create whose rule appeared meanwhile', async () => {
    const saved = await savePlan();
    const create = saved.changes.find((c) => c.kind === 'AlertRule' && c.action === 'create');
    if (create?.kind !== 'AlertRule' || create.action !== 'create')
      throw new Error('the example plan has a create');
    await run().service().createAlertRule(create.request);
    sandbox.resetLog();
    const report = await runApplyPlan(run(), { planFile, strict: false });
    const refused = report.diagnostics.filter((d) => d.code === 'apply.changed-since-plan');
    expect(refused.map((d) => d.message)).toEqual([
      expect.stringContaining(`a rule named "${create.name}" now exists`),
    ]);
    expect(
      writes().filter((w) => w.method === 'POST' && (w.body as { name: string }).name === create.name),
    ).toEqual([]);
  });

  it('refuses a plan made from other documents whole, and writes nothing', async () => {
    await savePlan();
    const api = join(root, 'alerting/api.yaml');
    writeFileSync(api, readFileSync(api, 'utf8').replace('severity: HIGH\n', 'severity: CRITICAL\n'));
    const report = await runApplyPlan(run(), { planFile, strict: false });
    expect(report.diagnostics.map((d) => d.code)).toEqual(['apply.plan-other-documents']);
    expect(sandbox.requests).toEqual([]);
    expect(exitCodeFor(report)).toBe(1);
  });

  it.each([
    ['not JSON', '{"format":', /is not JSON/],
    ['foreign JSON', '{"changes":[]}', /not a platform-gitops plan file/],
    [
      'another version',
      '{"format":"platform-gitops-plan","version":1}',
      /version 1; this version .* reads version 3: make the plan again with this version/,
    ],
    [
      'a damaged change',
      JSON.stringify({
        format: 'platform-gitops-plan',
        version: 3,
        digest: 'a'.repeat(64),
        commit: null,
        base: null,
        prune: false,
        changes: [
          {
            kind: 'AlertRule',
            action: 'update',
            name: 'x',
            organizationId: 'o',
            clusterId: 'c',
            file: 'f',
            line: 1,
          },
        ],
      }),
      /damaged: `changes\[0\]\.id`/,
    ],
  ])('refuses %s with a clear error and sends nothing', async (_what, text, message) => {
    writeFileSync(planFile, text);
    const report = await runApplyPlan(run(), { planFile, strict: false });
    expect(report.diagnostics).toHaveLength(1);
    expect(report.diagnostics[0]).toMatchObject({ code: 'apply.plan-file-invalid', severity: 'error' });
    expect(report.diagnostics[0]!.message).toMatch(message);
    expect(sandbox.requests).toEqual([]);
    expect(exitCodeFor(report)).toBe(1);
  });

  // Each would block the read for ever (a FIFO with no writer, /dev/zero) or exhaust the memory.
  it.skipIf(process.platform === 'win32').each([
    [
      'a FIFO',
      (path: string) => execFileSync('mkfifo', [path]),
      'it is not a regular file but a FIFO (named pipe)',
    ],
    ['a directory', (path: string) => mkdirSync(path), 'it is not a regular file but a directory'],
    ['/dev/zero', null, 'it is not a regular file but a character device'],
    [
      'a file larger than any plan',
      (path: string) => {
        writeFileSync(path, '{');
        truncateSync(path, MAX_PLAN_FILE_BYTES + 1);
      },
      `it is larger than ${MAX_PLAN_FILE_BYTES} bytes, which no plan file is`,
    ],
  ])('refuses %s as the plan file at once, naming the path, and sends nothing', async (_what, make, says) => {
    const path = make === null ? '/dev/zero' : join(root, 'not-a-plan');
    make?.(path);
    const report = await runApplyPlan(run(), { planFile: path, strict: false });
    expect(report.diagnostics.map((d) => [d.code, d.message])).toEqual([
      [
        'apply.plan-file-invalid',
        `The plan file ${path} was refused: ${says}: give the file that 'plan --out' wrote.`,
      ],
    ]);
    expect(sandbox.requests).toEqual([]);
    expect(exitCodeFor(report)).toBe(1);
  });

  it('refuses a plan file that is not there, saying what to check, and sends nothing', async () => {
    const path = join(root, 'no-such-plan.json');
    const report = await runApplyPlan(run(), { planFile: path, strict: false });
    expect(report.diagnostics.map((d) => [d.code, d.message])).toEqual([
      [
        'apply.plan-file-invalid',
        `The plan file ${path} was refused: it cannot be read (ENOENT: no such file or directory, open '${path}'): check the path, and give the file that 'plan --out' wrote.`,
      ],
    ]);
    expect(sandbox.requests).toEqual([]);
  });

  it('writes no plan file when the plan has errors', async () => {
    writeFileSync(join(root, 'alerting/broken.yaml'), 'kind: AlertRule\nname: x\n');
    const report = await runPlan(run(), { out: planFile });
    expect(report.skipped.join('\n')).toMatch(
      /no plan file written to .*plan\.json: \d+ errors? must be fixed first/,
    );
    expect(() => readFileSync(planFile)).toThrow();
  });
});
