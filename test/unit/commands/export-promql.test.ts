/** Export checks the queries it writes: a live rule whose query does not parse is written and reported. */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runExport } from '../../../src/commands/export.js';
import { putLiveRule } from '../../../src/sandbox/index.js';
import { ACME, EXAMPLE_ROOT, useRunWorld } from './run-context.js';

const PROD = 'c1a5e7e0-0000-4000-8000-000000000101';
const { world, run } = useRunWorld('export-promql-');

function liveRule(id: string, name: string, promql: string): Record<string, unknown> {
  return {
    id,
    organization_id: ACME,
    cluster_id: PROD,
    target: { target_type: 'CLUSTER', target_id: PROD },
    name,
    description: '',
    tag: '',
    condition: { kind: 'CUSTOM', promql, operator: 'ABOVE', threshold: 1 },
    for_duration: 'PT5M',
    severity: 'LOW',
    enabled: true,
    alert_receiver_ids: ['5e1ec7ed-0000-4000-8000-000000000201'],
    created_at: '2026-11-01T00:00:00Z',
  };
}

describe('export and PromQL', () => {
  it('writes a live rule whose query does not parse, and reports it at the query in the written file', async () => {
    putLiveRule(
      world.sandbox.state,
      liveRule('a2a2a2a2-0000-4000-8000-000000000901', 'broken-query', 'sum bye (job) (up)'),
    );
    const exported = await runExport(run({ organizationId: ACME }).ctx, { outDir: world.out });

    const findings = exported.diagnostics.filter((d) => d.code.startsWith('promql.'));
    expect(findings).toHaveLength(1);
    const finding = findings[0]!;
    expect(finding).toMatchObject({ severity: 'error', code: 'promql.syntax' });
    // The finding names the file relative to the repository root of the run, wherever the clone lives.
    const written = join(EXAMPLE_ROOT, finding.file);
    const text = readFileSync(written, 'utf8');
    expect(relative(world.out, written)).not.toMatch(/^\.\./);
    // The line and column name the word `bye` in the file that was written.
    const line = text.split('\n')[finding.line - 1]!;
    expect(line.slice(finding.column - 1, finding.endColumn - 1)).toBe('bye');
  });

  it('reports nothing for the queries of the seed, which parse', async () => {
    const exported = await runExport(run({ organizationId: ACME }).ctx, { outDir: world.out });
    expect(
      exported.diagnostics.filter((d) => d.code.startsWith('promql.') && d.severity === 'error'),
    ).toEqual([]);
  });
});
