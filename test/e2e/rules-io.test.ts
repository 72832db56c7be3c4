/**
 * The README's migration, by the bundled CLI: kube-prometheus's PrometheusRule manifests imported into a
 * repository, validated, and exported again as a Prometheus rule file.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './bundle.js';

const MANIFESTS = fileURLToPath(
  new URL('../fixtures/prometheus-rules/kube-prometheus/manifests', import.meta.url),
);
const CLUSTER = 'c1a5e7e0-0000-4000-8000-000000000101';

describe('import and export by the CLI bundle', () => {
  let repo: string;
  beforeAll(async () => {
    repo = await mkdtemp(join(tmpdir(), 'rules-io-'));
  });
  afterAll(async () => {
    await rm(repo, { recursive: true, force: true });
  });

  it('imports kube-prometheus into documents that validate, and exports them as a rule file', async () => {
    const imported = await runCli(
      [
        'import',
        MANIFESTS,
        '--cluster',
        CLUSTER,
        '--receiver',
        'slack-oncall',
        '--severity-map',
        'none=LOW',
        '--out',
        'alerting/kube-prometheus',
      ],
      { cwd: repo },
    );
    expect(imported.stderr).toBe('');
    expect(imported.stdout).toMatch(
      /139 alerting rules in 8 files: 139 imported \(\d+ exactly, \d+ with reported losses: .*\), 0 not imported, 95 recording rules skipped/,
    );
    expect(imported.code).toBe(0);
    // The figures, with the time the bundled import took (the closing note of a migration).
    console.log(imported.stdout.split('\n').find((line) => line.startsWith('139 alerting rules')));
    const files = await readdir(join(repo, 'alerting', 'kube-prometheus'));
    // One file per group that holds alerts.
    expect(files).toContain('kubernetes-apps.yaml');
    expect(files).toHaveLength(18);

    const validated = await runCli(['validate', 'alerting', '--root', repo], { cwd: repo });
    // The warnings are those of the queries as kube-prometheus writes them (docs/decisions/promql-checks.md).
    expect(validated.stdout).toMatch(/^0 errors, 5 warnings$/m);
    expect(validated.code).toBe(0);

    const exported = await runCli(['export', '--format', 'prometheus-rules', 'alerting', '--root', repo], {
      cwd: repo,
    });
    expect(exported.code).toBe(0);
    expect(exported.stderr).toContain('exported 139 of 139 alert rules as a Prometheus rule file');
    expect(exported.stdout).toMatch(/^groups:$/m);
  });
});
