/**
 * `export --format prometheus-rules --org ID`: the organization's live rules as a Prometheus rule file, one
 * group per cluster, read from the sandbox over HTTP on 127.0.0.1.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { main } from '../../../src/cli/command-line.js';
import { editFieldsOfLive } from '../../../src/kinds/alert-rule/normalize.js';
import { evaluatedExpression } from '../../../src/prometheus-rules/rules-from-documents.js';
import type { ManagedAlertRule } from '../../../src/service/types.js';
import { ACME, useRunWorld } from './run-context.js';

const { world, run } = useRunWorld('export-rules-org-');

async function cli(argv: string[]) {
  let stdout = '';
  let stderr = '';
  const status = await main(argv, {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    env: { QOVERY_API_TOKEN: world.sandbox.token },
    isTty: false,
  });
  return { status, stdout, stderr };
}

describe('export --format prometheus-rules --org', () => {
  it("writes every managed rule of the organization, one group per cluster, with the service's expression", async () => {
    const managed = (await run().ctx.service().getAlertRules(ACME)).filter(
      (r): r is ManagedAlertRule => r.source === 'MANAGED',
    );
    // A disabled rule is left out: the service does not evaluate it.
    const live = managed.filter((r) => r.enabled);
    expect(live.length).toBeGreaterThan(0);
    const exported = await cli([
      'export',
      '--format',
      'prometheus-rules',
      '--org',
      ACME,
      '--api-url',
      world.sandbox.url,
    ]);
    expect(exported.stderr).toContain(`exported ${live.length} of ${managed.length} alert rules`);
    expect(exported.status).toBe(0);
    const file = parse(exported.stdout) as {
      groups: { name: string; rules: { alert: string; expr: string }[] }[];
    };
    const clusters = [...new Set(live.map((r) => r.cluster_id))].sort();
    expect(file.groups.map((g) => g.name).sort()).toEqual(clusters.map((c) => `cluster ${c}`));
    for (const rule of live) {
      const group = file.groups.find((g) => g.name === `cluster ${rule.cluster_id}`)!;
      const written = group.rules.find((r) => r.alert === rule.name);
      expect(written?.expr, rule.name).toBe(evaluatedExpression(rule.condition));
    }
    // Prometheus's own check, where promtool is installed (promtool.test.ts makes CI require it).
    if (spawnSync('promtool', ['--version']).status === 0) {
      writeFileSync(join(world.out, 'org.rules.yaml'), exported.stdout);
      const checked = spawnSync('promtool', ['check', 'rules', 'org.rules.yaml'], {
        cwd: world.out,
        encoding: 'utf8',
      });
      expect(checked.stdout).toContain(`SUCCESS: ${live.length} rules found`);
    }
  });

  it('leaves out a live rule that compares with no threshold, saying why as validate does, and succeeds', async () => {
    const client = run().ctx.service();
    const managed = (await client.getAlertRules(ACME)).filter(
      (r): r is ManagedAlertRule => r.source === 'MANAGED' && r.enabled,
    );
    const rule = managed[0]!;
    const edit = editFieldsOfLive(rule);
    const { threshold: _threshold, ...condition } = edit.condition;
    await client.editAlertRule(rule.id, { ...edit, condition: { ...condition, operator: 'ABOVE' } });
    const exported = await cli([
      'export',
      '--format',
      'prometheus-rules',
      '--org',
      ACME,
      '--api-url',
      world.sandbox.url,
    ]);
    expect(exported.status).toBe(0);
    expect(exported.stderr).toContain(
      `alert rule "${rule.name}" (${rule.id}) not exported: validate would refuse its document: document.threshold-missing: \`operator: ABOVE\` compares`,
    );
    const file = parse(exported.stdout) as { groups: { rules: { alert: string }[] }[] };
    expect(file.groups.flatMap((g) => g.rules).map((r) => r.alert)).not.toContain(rule.name);
  });

  it('takes the documents under PATH or the organization, not both', async () => {
    const both = await cli([
      'export',
      '--format',
      'prometheus-rules',
      '--org',
      ACME,
      'alerting',
      '--api-url',
      world.sandbox.url,
    ]);
    expect(both.status).toBe(1);
    expect(both.stderr).toMatch(/under PATH or, with --org, the organization's rules: not both/);
  });
});
