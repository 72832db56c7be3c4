import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runApply } from '../../../src/commands/apply.js';
import { runDrift } from '../../../src/commands/drift.js';
import { runExport } from '../../../src/commands/export.js';
import { runPlan } from '../../../src/commands/plan.js';
import { changesOfKind } from '../../../src/model/types.js';
import { countDrift } from '../../../src/plan/change-counts.js';
import { exitCodeFor } from '../../../src/run/exit-code.js';
import { ACME, EXAMPLE_RULE_READS, useRunWorld } from './run-context.js';

const { world, run } = useRunWorld('export-');

describe('export', () => {
  // Planning the exported files needs the document forms by name in the loader.
  it('writes one document per managed rule, and planning them shows no change', async () => {
    const exported = await runExport(run({ organizationId: ACME }).ctx, { outDir: world.out });
    // Each name list once, only those the rules need: environments of the one project that holds a target.
    expect(exported.requests.byOperation).toEqual(EXAMPLE_RULE_READS);
    // The receivers are in a directory of their own (export-receivers.test.ts).
    const files = readdirSync(world.out)
      .filter((f) => f.endsWith('.yaml'))
      .sort();
    const managed = (await run().ctx.service().getAlertRules(ACME)).filter((r) => r.source === 'MANAGED');
    expect(files).toHaveLength(managed.length);
    expect(files).toContain('api-p99-latency.yaml');
    expect(exported.skipped).toEqual(['1 ghost rule not exported: a ghost rule has no id to manage it by']);
    expect(readFileSync(join(world.out, 'api-p99-latency.yaml'), 'utf8')).toMatchSnapshot();

    const plan = await runPlan(run({ root: world.out, paths: ['.'] }).ctx);
    expect(plan.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(changesOfKind(plan.plan!.changes, 'AlertRule')).toHaveLength(managed.length);
    expect(plan.plan!.changes.filter((c) => c.action !== 'noop')).toEqual([]);
    expect(plan.plan!.unmanaged).toEqual([]);
  });

  // The exported files name their clusters, targets and receivers: applying them reads each name list once.
  it('edits of the exported files apply with one call of each list, and one write per change', async () => {
    await runExport(run({ organizationId: ACME }).ctx, { outDir: world.out });
    for (const name of ['api-p99-latency.yaml', 'web-availability.yaml']) {
      const path = join(world.out, name);
      writeFileSync(path, readFileSync(path, 'utf8').replace(/^severity: .*$/m, 'severity: LOW'));
    }
    world.sandbox.resetLog();
    const report = await runApply(run({ root: world.out, paths: ['.'] }).ctx);
    // The clusters and services lists, once each, give the report its names.
    expect(report.requests).toEqual({
      total: 8,
      byOperation: { ...EXAMPLE_RULE_READS, editAlertRule: 2 },
    });
    expect(world.sandbox.requests.map((r) => r.method)).toEqual([...Array(6).fill('GET'), 'PUT', 'PUT']);
    expect(report.results.map((r) => [r.change.name, r.ok, r.converged])).toEqual([
      ['api-p99-latency', true, true],
      ['web-availability', true, true],
    ]);
  });

  it('says in one line when the directory cannot be written', async () => {
    const file = join(world.out, 'a-file');
    writeFileSync(file, '');
    await expect(runExport(run({ organizationId: ACME }).ctx, { outDir: file })).rejects.toMatchObject({
      name: 'UsageError',
      message: expect.stringMatching(
        /export cannot write to .*a-file \(EEXIST\): choose another --out directory/,
      ),
    });
  });

  it('needs an organization', async () => {
    await expect(runExport(run().ctx, { outDir: world.out })).rejects.toThrow(/--org/);
    expect(world.sandbox.requests).toEqual([]);
  });
});

describe('drift', () => {
  it('reports the pending changes as drift, ghosts and outdated rules apart, and writes nothing', async () => {
    const report = await runDrift(run().ctx, { remediate: false });
    expect(report.command).toBe('drift');
    expect(countDrift(report.plan!)).toEqual({
      drifted: 9,
      byKind: { AlertRule: 9 },
      ghosts: 1,
      outdated: 1,
    });
    expect(exitCodeFor(report)).toBe(2);
    expect(world.sandbox.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('does not remediate while any finding is an error', async () => {
    const report = await runDrift(run({ paths: ['alerting', 'no-such-dir'] }).ctx, { remediate: true });
    expect(report.results).toEqual([]);
    expect(report.skipped.join(' ')).toMatch(/nothing was written: 1 error must be fixed first/);
    expect(world.sandbox.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('remediates by applying the plan, after which there is no drift', async () => {
    const remediated = await runDrift(run().ctx, { remediate: true });
    expect(remediated.results).toHaveLength(9);
    expect(remediated.results.every((r) => r.ok)).toBe(true);
    const after = await runDrift(run().ctx, { remediate: false });
    expect(countDrift(after.plan!)).toMatchObject({ drifted: 0 });
    expect(countDrift(after.plan!).byKind).toEqual({});
    // Ghost and outdated rules remain, counted apart: they are not drift the tool can remove.
    expect(countDrift(after.plan!)).toMatchObject({ ghosts: 1, outdated: 1 });
    expect(exitCodeFor(after)).toBe(0);
  });
});
