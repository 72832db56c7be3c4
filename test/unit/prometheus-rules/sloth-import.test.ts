/**
 * `import` of a Sloth SLO file (test/fixtures/sloth/myservice.yaml, in Sloth's documented prometheus/v1
 * format) into ServiceLevelObjective documents: exact where the kind holds the field, each loss reported at
 * its line of the Sloth file, and what is written loads and generates the workbook's rules.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runImportCommand } from '../../../src/commands/import.js';
import { parseFiles } from '../../../src/documents/parse.js';
import type { AlertRuleDocument } from '../../../src/documents/types.js';
import { importSloth } from '../../../src/prometheus-rules/sloth-import.js';

const FIXTURES = fileURLToPath(new URL('../../fixtures/sloth/', import.meta.url));

async function importJson(cwd: string, paths: string[]) {
  let printed = '';
  const code = await runImportCommand({
    paths,
    cwd,
    cluster: 'prod-eu',
    target: 'service:shop/production/api',
    receivers: ['slack-oncall'],
    severityMap: undefined,
    outDir: undefined,
    dryRun: true,
    format: 'json',
    print: (t) => {
      printed += t;
    },
  });
  return { code, output: JSON.parse(printed) };
}

describe('import of a Sloth SLO file', () => {
  it('writes one ServiceLevelObjective per SLO, exact or reported per field', async () => {
    const { code, output } = await importJson(FIXTURES, ['myservice.yaml']);
    expect(code).toBe(1);
    expect(output.objectives).toEqual({ slos: 3, imported: 2, exact: 0 });
    expect(output.files.map((f: { fileName: string }) => f.fileName)).toEqual(['slo-myservice.yaml']);
    const text: string = output.files[0].text;
    expect(text.startsWith('# Imported from a Sloth SLO file by platform-gitops import\n')).toBe(true);
    const [availability, latency] = text.split(/^---\n/m).map((d) => parse(d));
    expect(availability).toEqual({
      kind: 'ServiceLevelObjective',
      cluster: 'prod-eu',
      target: { service: 'shop/production/api' },
      name: 'myservice-requests-availability',
      description: 'Common SLO based on availability for HTTP request responses.',
      objective: 99.9,
      indicator: {
        errors:
          'sum(rate(http_request_duration_seconds_count{job="myservice",code=~"(5..|429)"}[{{.window}}]))',
        total: 'sum(rate(http_request_duration_seconds_count{job="myservice"}[{{.window}}]))',
      },
      alerts: {
        page: { alert_receivers: ['slack-oncall'], severity: 'CRITICAL' },
        ticket: { alert_receivers: ['slack-oncall'], severity: 'MEDIUM' },
      },
      presentation: {
        summary: "High error rate on 'myservice' requests responses",
        runbook_url: 'https://runbooks.example.com/myservice/errors',
      },
    });
    // The page alert disabled: only the workbook's ticket pairs.
    expect(latency.indicator.ratio).toContain('1 - (sum(rate(http_request_duration_seconds_bucket');
    expect(latency.burn_rates).toEqual([
      { long: '1d', short: '2h', urgency: 'ticket', budget_share: 10 },
      { long: '3d', short: '6h', urgency: 'ticket', budget_share: 10 },
    ]);
    expect(
      output.diagnostics.map((d: { severity: string; line: number; code: string }) => [
        d.severity,
        d.line,
        d.code,
      ]),
    ).toEqual([
      ['error', 43, 'import.sloth-refused'],
      ['warning', 5, 'import.sloth-field'],
      ['warning', 17, 'import.sloth-field'],
      ['warning', 40, 'import.sloth-field'],
    ]);
    expect(output.diagnostics[0].message).toContain('SLO "logins": its SLI is a plugin');

    // What was written loads, and each objective generates its rules.
    const loaded = parseFiles([{ path: 'slo.yaml', bytes: new TextEncoder().encode(text) }]);
    expect(loaded.diagnostics).toEqual([]);
    expect((loaded.documents as AlertRuleDocument[]).map((d) => d.value.name)).toEqual([
      'myservice-requests-availability-1h-5m',
      'myservice-requests-availability-6h-30m',
      'myservice-requests-availability-1d-2h',
      'myservice-requests-availability-3d-6h',
      'myservice-requests-latency-1d-2h',
      'myservice-requests-latency-3d-6h',
    ]);
  });

  it('imports an SLO without losses exactly, and refuses an objective of 100', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sloth-'));
    try {
      const source = readFileSync(join(FIXTURES, 'myservice.yaml'), 'utf8');
      const first = source.slice(0, source.indexOf('  - name: "requests-latency"'));
      const exact = first.replace(/^labels:\n.*\n/m, '').replace(/ {6}name: "MyServiceHighErrorRate"\n/, '');
      writeFileSync(join(dir, 'exact.yaml'), exact);
      const good = await importJson(dir, ['exact.yaml']);
      expect(good.output.diagnostics).toEqual([]);
      expect(good.code).toBe(0);
      expect(good.output.objectives).toEqual({ slos: 1, imported: 1, exact: 1 });
      writeFileSync(join(dir, 'exact.yaml'), exact.replace('objective: 99.9', 'objective: 100'));
      const refused = await importJson(dir, ['exact.yaml']);
      expect(refused.output.diagnostics.map((d: { code: string; line: number }) => [d.code, d.line])).toEqual(
        [['import.sloth-refused', 8]],
      );
      expect(refused.output.files).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reports every other field it cannot hold, and prints its figures in text', async () => {
    const options = {
      cluster: { cluster: 'prod-eu' },
      target: { service: 'shop/production/api' },
      receiverIds: ['5e1ec7ed-0000-4000-8000-000000000201'],
      receiverNames: [],
      severityMap: { critical: 'CRITICAL' as const },
    };
    const slo = (alerting: string, extra = '') =>
      `version: prometheus/v1\nservice: s\nslos:\n  - name: a\n    objective: 99\n${extra}    sli:\n      events:\n        error_query: sum(rate(e[{{.window}}]))\n        total_query: sum(rate(t[{{.window}}]))\n    alerting:\n${alerting}`;
    const lossy = importSloth(
      'x.yaml',
      slo(
        '      labels: {team: a}\n      annotations: {dashboard: d}\n      page_alert: {labels: {severity: pager}, annotations: {x: y}}\n      ticket_alert: {}\n',
        '    labels: {tier: "1"}\n',
      ),
      options,
    );
    expect(lossy.imported).toBe(1);
    expect(lossy.exact).toBe(0);
    expect(lossy.diagnostics.map((d) => d.message)).toEqual([
      'SLO "a": `labels`: a ServiceLevelObjective has no labels; not imported',
      'SLO "a": alerting `labels`: the service\'s rules have no labels; not imported',
      'SLO "a": annotation `dashboard`: only summary and runbook/runbook_url have a field; not imported',
      'SLO "a": page_alert severity "pager" is not in the severity map; the default applies',
      'SLO "a": page_alert annotations: not imported',
    ]);
    const silent = importSloth(
      'x.yaml',
      slo('      page_alert: {disable: true}\n      ticket_alert: {disable: true}\n'),
      options,
    );
    expect(silent.text).toBeNull();
    expect(silent.diagnostics[0]!.message).toContain('both alerts are disabled');
    const noWindow = importSloth(
      'x.yaml',
      slo('      page_alert: {}\n').replace('[{{.window}}]))\n        total', '[5m]))\n        total'),
      options,
    );
    expect(noWindow.diagnostics.map((d) => d.code)).toEqual(['import.sloth-refused']);
    expect(noWindow.diagnostics[0]!.message).toContain('objective.indicator-without-window');
    expect(
      importSloth('x.yaml', 'version: prometheus/v1\nslos:\n  - 3\n', options).diagnostics[0]!.message,
    ).toBe('SLO: an SLO is a mapping; not imported');
    expect(importSloth('x.yaml', 'version: prometheus/v1\nslos: [\n', options).diagnostics[0]!.code).toBe(
      'import.not-rules',
    );

    let printed = '';
    const code = await runImportCommand({
      paths: ['myservice.yaml'],
      cwd: FIXTURES,
      cluster: 'prod-eu',
      target: 'service:shop/production/api',
      receivers: ['slack-oncall'],
      severityMap: undefined,
      outDir: undefined,
      dryRun: true,
      format: 'text',
      print: (t) => {
        printed += t;
      },
    });
    expect(code).toBe(1);
    expect(printed).toContain(
      '3 Sloth SLOs: 2 imported as ServiceLevelObjective (0 exactly, 2 with reported losses), 1 not imported',
    );
    expect(printed).toContain('# ==> slo-myservice.yaml <==');
  });
});
