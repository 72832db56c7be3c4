import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runApply } from '../../../src/commands/apply.js';
import { runPlan } from '../../../src/commands/plan.js';
import { runValidate } from '../../../src/commands/validate.js';
import { exitCodeFor } from '../../../src/run/exit-code.js';
import { type Sandbox, startSandbox } from '../../../src/sandbox/index.js';
import { ACME, EXAMPLE_ROOT, EXAMPLE_RULE_READS, type TestRun, testRun } from './run-context.js';

/** A receiver of another organization (Globex): an id the service refuses in an Acme rule. */
const GLOBEX_RECEIVER = '5e1ec7ed-0000-4000-8000-000000000211';

let sandbox: Sandbox;
let root: string;
const runs: TestRun[] = [];
const run = (): TestRun => {
  const r = testRun(sandbox, { root });
  runs.push(r);
  return r;
};

beforeEach(async () => {
  sandbox = await startSandbox({ rateLimit: false });
  root = mkdtempSync(join(tmpdir(), 'receivers-'));
  cpSync(join(EXAMPLE_ROOT, 'alerting'), join(root, 'alerting'), { recursive: true });
  // The second rule of api.yaml (api-5xx-ratio) names two receivers; its second becomes Globex's.
  const file = join(root, 'alerting/api.yaml');
  const lines = readFileSync(file, 'utf8').split('\n');
  expect(lines[50]).toBe('  - 5e1ec7ed-0000-4000-8000-000000000202');
  lines[50] = `  - ${GLOBEX_RECEIVER}`;
  lines[46] = 'severity: HIGH';
  writeFileSync(file, lines.join('\n'));
});
afterEach(async () => {
  await Promise.all(runs.splice(0).map((r) => r.close()));
  await sandbox.close();
  rmSync(root, { recursive: true, force: true });
});

describe('receiver ids checked at plan time', () => {
  it('offline validation cannot know the receivers: it passes, asking nothing', async () => {
    const report = await runValidate(run().ctx);
    expect(report.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(sandbox.requests).toEqual([]);
  });

  it('a plan reports an id that is not a receiver of the organization on its line, with one receivers list', async () => {
    const report = await runPlan(run().ctx);
    const errors = report.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => [d.file, d.line, d.column, d.code])).toEqual([
      ['alerting/api.yaml', 51, 5, 'plan.unknown-receiver'],
    ]);
    expect(errors[0]!.message).toMatch(
      new RegExp(
        `^No alert receiver has the id ${GLOBEX_RECEIVER} in organization ${ACME}: the service would refuse`,
      ),
    );
    expect(errors[0]!.message).toContain('slack-oncall (5e1ec7ed-0000-4000-8000-000000000201)');
    // Many rules, one organization: one list of its rules and one of its receivers.
    expect(report.requests.byOperation).toEqual(EXAMPLE_RULE_READS);
    expect(report.plan!.changes.map((c) => c.name)).not.toContain('api-5xx-ratio');
    expect(exitCodeFor(report)).not.toBe(0);
  });

  it('an apply never sends the rule the service would refuse', async () => {
    const report = await runApply(run().ctx);
    expect(report.diagnostics.filter((d) => d.code === 'plan.unknown-receiver')).toHaveLength(1);
    expect(sandbox.requests.filter((r) => r.status === 400)).toEqual([]);
    expect(sandbox.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    expect(exitCodeFor(report)).not.toBe(0);
  });
});
