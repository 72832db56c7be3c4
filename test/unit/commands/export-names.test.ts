/**
 * Export round trip with rule names a file system dislikes, and the promise not to overwrite files that
 * are not earlier exports of the same rule.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runExport } from '../../../src/commands/export.js';
import { runPlan } from '../../../src/commands/plan.js';
import { changesOfKind } from '../../../src/model/types.js';
import type { AlertRuleCreationRequest } from '../../../src/service/types.js';
import { ACME, EXAMPLE_RULE_READS, useRunWorld } from './run-context.js';

const PROD = 'c1a5e7e0-0000-4000-8000-000000000101';
const AWKWARD = [
  'team/api: p99 > 500ms',
  '../../etc/passwd',
  'ünïcödé règle 🚨',
  '日本語のルール',
  'a.b.c.',
  'x'.repeat(300),
  // Different rules whose file names collide (two rules with one name on one cluster are refused by the
  // loader's cross-document check even when their documents carry distinct ids).
  'Disk full',
  'DISK FULL!',
  'disk-full',
  'CON',
];

const { world, run } = useRunWorld('export-names-');

/** Every optional field absent, a CLUSTER target: the barest rule the service accepts. */
function bare(name: string): AlertRuleCreationRequest {
  return {
    organization_id: ACME,
    cluster_id: PROD,
    target: { target_type: 'CLUSTER', target_id: PROD },
    name,
    description: '',
    tag: '',
    condition: { kind: 'CUSTOM', promql: 'up == 0' },
    for_duration: 'PT300S',
    severity: 'LOW',
    enabled: true,
    alert_receiver_ids: ['5e1ec7ed-0000-4000-8000-000000000201'],
    presentation: { summary: null, runbook_url: null },
  };
}

describe('export with awkward rule names', () => {
  it('writes one safe file per rule, inside --out, and planning them shows no change', async () => {
    const client = run().ctx.service();
    for (const name of AWKWARD) await client.createAlertRule(bare(name));
    const managed = (await client.getAlertRules(ACME)).filter((r) => r.source === 'MANAGED');

    await runExport(run({ organizationId: ACME }).ctx, { outDir: world.out });
    const files = readdirSync(world.out).filter((f) => f.endsWith('.yaml'));
    expect(files).toHaveLength(managed.length);
    // Names unique even on a case-insensitive file system, short, and plain.
    expect(new Set(files.map((f) => f.toLowerCase())).size).toBe(files.length);
    for (const file of files) expect(file).toMatch(/^[a-z0-9][a-z0-9-]{0,85}\.yaml$/);
    expect(files).toEqual(
      expect.arrayContaining(['etc-passwd.yaml', 'alert-rule.yaml', 'con-rule.yaml', 'a-b-c.yaml']),
    );
    expect(files.filter((f) => f.startsWith('disk-full'))).toHaveLength(3);

    world.sandbox.resetLog();
    const plan = await runPlan(run({ root: world.out, paths: ['.'] }).ctx);
    expect(plan.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    // The exported environment target, by name: its project's environments, once.
    expect(plan.requests.byOperation).toEqual(EXAMPLE_RULE_READS);
    expect(plan.plan!.changes.map((c) => c.action).filter((a) => a !== 'noop')).toEqual([]);
    expect(
      changesOfKind(plan.plan!.changes, 'AlertRule')
        .map((c) => c.name)
        .sort(),
    ).toEqual(managed.map((r) => r.name).sort());
    expect(plan.plan!.unmanaged).toEqual([]);
  });

  it('exports again over its own files, but never over a file it did not write', async () => {
    await runExport(run({ organizationId: ACME }).ctx, { outDir: world.out });
    const before = readdirSync(world.out).sort();
    await runExport(run({ organizationId: ACME }).ctx, { outDir: world.out });
    expect(readdirSync(world.out).sort()).toEqual(before);

    const mine = join(world.out, 'api-p99-latency.yaml');
    writeFileSync(mine, 'kind: AlertRule\n# my own notes\n');
    const other = join(world.out, 'web-availability.yaml');
    const otherText = readFileSync(other, 'utf8');
    await expect(runExport(run({ organizationId: ACME }).ctx, { outDir: world.out })).rejects.toMatchObject({
      name: 'UsageError',
      message: expect.stringMatching(
        /export would overwrite a file in .* that is not an export of the same rule \(api-p99-latency\.yaml\); nothing was written/,
      ),
    });
    expect(readFileSync(mine, 'utf8')).toBe('kind: AlertRule\n# my own notes\n');
    expect(readFileSync(other, 'utf8')).toBe(otherText);
  });
});
