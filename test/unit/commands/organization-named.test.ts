/** Which organization a run acts on: --org beside documents that name another, and one the service does not know. */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runPlan } from '../../../src/commands/plan.js';
import { ACME, EXAMPLE_ROOT, testRun, useRunWorld } from './run-context.js';

const { world, run } = useRunWorld('organization-named-');
const OTHER = '2c9e0000-0000-4000-8000-0000000000aa';
const UNKNOWN = '99999999-0000-4000-8000-000000000009';

let copies: string[] = [];
afterEach(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
  copies = [];
});

/** The example repository with every organization_id replaced by `organizationId`. */
function exampleIn(organizationId: string): string {
  const root = mkdtempSync(join(tmpdir(), 'organizations-repo-'));
  copies.push(root);
  cpSync(EXAMPLE_ROOT, root, { recursive: true });
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.yaml')) continue;
    const file = join(entry.parentPath, entry.name);
    writeFileSync(file, readFileSync(file, 'utf8').replaceAll(ACME, organizationId));
  }
  return root;
}

describe('--org beside documents that name another organization', () => {
  it('is said once, at the first document, naming both organizations', async () => {
    const report = await runPlan(run({ organizationId: OTHER }).ctx);
    const differing = report.diagnostics.filter((d) => d.code === 'plan.organization-differs');
    expect(differing).toHaveLength(1);
    expect(differing[0]).toMatchObject({ severity: 'warning', file: 'alerting/api.yaml' });
    expect(differing[0]!.message).toContain(`names organization ${ACME}`);
    expect(differing[0]!.message).toContain(`not ${OTHER} given by --org`);
    // The documents are planned in the organization they name.
    expect(report.plan!.changes.every((c) => c.organizationId === ACME)).toBe(true);
  });

  it('says nothing when --org is the organization the documents name', async () => {
    const report = await runPlan(run({ organizationId: ACME }).ctx);
    expect(report.diagnostics.map((d) => d.code)).not.toContain('plan.organization-differs');
  });
});

describe('an organization the service does not know', () => {
  it('is one error about the organization, not one per component or per part of the run', async () => {
    const root = exampleIn(UNKNOWN);
    const report = await runPlan(run({ root, paths: ['.'] }).ctx);
    const errors = report.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => [d.code, d.file])).toEqual([['service.organization-unknown', '']]);
    expect(errors[0]!.message).toMatch(
      new RegExp(
        `^Organization ${UNKNOWN} was not found: the service does not know it, or the token cannot see it`,
      ),
    );
    expect(report.components).toHaveLength(5);
    for (const component of report.components) {
      expect(component).toMatchObject({ status: 'failed' });
      expect(component.reason).toMatch(/organization .* was not found/);
    }
  });
});

describe('an organization the token cannot see', () => {
  it('is one error about the organization, not one for the rules and one per component', async () => {
    // The example names acme; the token is globex's: the service answers 403 to every read of acme.
    const other = testRun({ url: world.sandbox.url, token: 'qov_sandbox_globex_token' }, { paths: ['.'] });
    try {
      const report = await runPlan(other.ctx);
      const errors = report.diagnostics.filter((d) => d.severity === 'error');
      expect(errors.map((d) => [d.code, d.file])).toEqual([['service.organization-denied', '']]);
      expect(errors[0]!.message).toMatch(
        new RegExp(`^Organization ${ACME} cannot be read with this token \\(HTTP 403\\)`),
      );
      expect(report.components).toHaveLength(5);
      for (const component of report.components) {
        expect(component).toMatchObject({ status: 'failed' });
        expect(component.reason).toMatch(/organization .* cannot be read with this token/);
      }
    } finally {
      await other.close();
    }
  });
});
