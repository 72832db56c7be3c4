/**
 * Export → import gives back equivalent documents: each rule of the example repository, written as a
 * Prometheus rule file and imported again, has the same name, severity, duration, texts and the same
 * evaluated expression (`function(promql) operator threshold`); a rule without a function has the same
 * promql, operator and threshold.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExportRulesCommand } from '../../../src/commands/export-rules.js';
import { runImportCommand } from '../../../src/commands/import.js';
import { loadDocuments } from '../../../src/documents/load.js';
import type { AlertRuleDocument } from '../../../src/documents/types.js';
import { sameDuration } from '../../../src/kinds/alert-rule/same-duration.js';
import { evaluatedExpression } from '../../../src/prometheus-rules/rules-from-documents.js';

const EXAMPLE = fileURLToPath(new URL('../../../fixtures/example/', import.meta.url));
const CLUSTER = 'c1a5e7e0-0000-4000-8000-000000000101';

async function alertRules(root: string): Promise<AlertRuleDocument[]> {
  const loaded = await loadDocuments(root, ['.']);
  expect(loaded.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return loaded.documents.filter((d): d is AlertRuleDocument => d.kind === 'AlertRule');
}

describe('export --format prometheus-rules, then import', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'round-trip-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('gives back equivalent documents', async () => {
    // A disabled rule is not in the rule file (the service does not evaluate it): the others come back.
    const all = await alertRules(EXAMPLE);
    const originals = all.filter((d) => d.value.enabled !== false);
    expect(all.length - originals.length).toBe(1);
    let text = '';
    await runExportRulesCommand({
      root: EXAMPLE,
      paths: ['.'],
      outFile: undefined,
      print: (t) => {
        text += t;
      },
      warn: () => {},
    });
    await writeFile(join(dir, 'example.rules.yaml'), text);
    let printed = '';
    const status = await runImportCommand({
      paths: ['example.rules.yaml'],
      cwd: dir,
      cluster: CLUSTER,
      target: undefined,
      receivers: ['oncall'],
      severityMap: undefined,
      outDir: 'imported',
      dryRun: false,
      format: 'json',
      print: (t) => {
        printed += t;
      },
    });
    expect(status).toBe(0);
    // Nothing lost: no label, annotation or template a rule file of ours would not give back.
    expect(JSON.parse(printed).figures).toMatchObject({
      alerting: originals.length,
      exact: originals.length,
    });
    // One file per source file of the repository, named after it.
    expect((await readdir(join(dir, 'imported'))).sort()).toEqual([
      'alerting-api.yaml',
      'alerting-cluster.yaml',
      'alerting-databases.yaml',
      'alerting-web.yaml',
      'alerting-workers.yaml',
    ]);
    const imported = new Map((await alertRules(join(dir, 'imported'))).map((d) => [d.value.name, d.value]));
    expect(imported.size).toBe(originals.length);
    for (const { value: original } of originals) {
      const back = imported.get(original.name);
      expect(back, original.name).toBeDefined();
      expect(back!.severity).toBe(original.severity);
      expect(back!.enabled).toBe(true);
      expect(sameDuration(back!.for_duration, original.for_duration), original.name).toBe(true);
      expect(back!.description ?? '').toBe(original.description ?? '');
      expect(back!.presentation?.summary ?? null).toBe(original.presentation?.summary ?? null);
      expect(back!.presentation?.runbook_url ?? null).toBe(original.presentation?.runbook_url ?? null);
      expect(evaluatedExpression(back!.condition)).toBe(evaluatedExpression(original.condition));
      if ((original.condition.function ?? 'NONE') === 'NONE') {
        expect(back!.condition.promql).toBe(original.condition.promql.trim());
        expect(back!.condition.operator).toBe(original.condition.operator ?? 'NONE');
        expect(back!.condition.threshold).toBe(
          original.condition.operator === 'NONE' ? undefined : original.condition.threshold,
        );
      }
    }
    expect(await readFile(join(dir, 'imported', 'alerting-api.yaml'), 'utf8')).toMatch(
      /^# Imported from Prometheus rules/,
    );
  });
});
