/**
 * Imported documents are what the service takes: kube-prometheus's rules, imported for a cluster of the
 * sandbox and applied over HTTP on 127.0.0.1, are all created, plan nothing afterwards, and come back in
 * the organization's rule file with the expression they were imported with.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runApply } from '../../../src/commands/apply.js';
import { runExportRulesCommand } from '../../../src/commands/export-rules.js';
import { runImportCommand } from '../../../src/commands/import.js';
import { runPlan } from '../../../src/commands/plan.js';
import { ACME, useRunWorld } from './run-context.js';

const PUBLIC_SET = fileURLToPath(
  new URL('../../fixtures/prometheus-rules/kube-prometheus/', import.meta.url),
);
const PROD = 'c1a5e7e0-0000-4000-8000-000000000101';
const { world, run } = useRunWorld('import-apply-');

describe('imported documents against the service', () => {
  it('are created by apply, then plan nothing, and export back as the same alerts', async () => {
    let printed = '';
    const status = await runImportCommand({
      paths: ['manifests'],
      cwd: PUBLIC_SET,
      cluster: PROD,
      target: undefined,
      receivers: ['slack-oncall'],
      severityMap: undefined,
      outDir: world.out,
      dryRun: false,
      format: 'json',
      print: (t) => {
        printed += t;
      },
    });
    expect(status).toBe(0);
    const { figures } = JSON.parse(printed);
    const repo = { root: world.out, paths: ['.'], organizationId: ACME };

    const applied = await runApply(run(repo).ctx);
    expect(applied.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const creates = applied.results.filter((r) => r.change.action === 'create');
    expect(creates).toHaveLength(figures.imported);
    expect(applied.results.every((r) => r.ok)).toBe(true);

    const again = await runPlan(run(repo).ctx);
    expect(again.plan!.changes.filter((c) => c.action !== 'noop')).toEqual([]);

    let text = '';
    await runExportRulesCommand({
      root: world.out,
      paths: [],
      organization: { id: ACME, client: run().ctx.service() },
      outFile: undefined,
      print: (t) => {
        text += t;
      },
      warn: () => {},
    });
    const file = parse(text) as { groups: { name: string; rules: { alert: string }[] }[] };
    const prod = file.groups.find((g) => g.name === `cluster ${PROD}`)!;
    const alerts = new Set(prod.rules.map((r) => r.alert));
    for (const change of creates) expect(alerts.has(change.change.name), change.change.name).toBe(true);
  });
});
