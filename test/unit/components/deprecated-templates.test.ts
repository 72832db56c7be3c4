import { beforeEach, describe, expect, it } from 'vitest';
import { useSandbox } from '../../helpers/sandbox.js';
import { edit, exampleFiles, runResolve } from './sandbox-run.js';

const sandbox = useSandbox({ rateLimit: false });
const KARPENTER = 'components/prod-eu/karpenter.yaml';
const INGRESS = 'components/prod-eu/ingress-nginx.yaml';
const LIST = 'listPlatformTemplates';

beforeEach(() => {
  sandbox().resetLog();
  sandbox().setFaults({});
});

/** The example with two documents moved to the sandbox catalog's DEPRECATED release, aws-standard 1.3.2. */
function onDeprecatedRelease(): Record<string, string> {
  const head = edit(exampleFiles(), KARPENTER, 'version: 1.4.0', 'version: 1.3.2');
  return edit(head, INGRESS, 'version: 1.4.0', 'version: 1.3.2');
}

describe('a template version the catalog marks deprecated', () => {
  it('is one warning on the first document naming it, from one template list for the organization', async () => {
    const { report } = await runResolve(sandbox(), { head: onDeprecatedRelease() });
    const found = report.diagnostics.filter((d) => d.code === 'component.template-deprecated');
    expect(found.map((d) => [d.file, d.line, d.column, d.severity])).toEqual([[INGRESS, 6, 3, 'warning']]);
    expect(found[0]!.message).toBe(
      'Platform template `aws-standard` version 1.3.2 is deprecated in organization ' +
        '7f1b2c3d-0000-4000-8000-000000000001 (1 more document of this run uses it); move to a published version: 1.4.0.',
    );
    expect(sandbox().count(LIST)).toBe(1);
  });

  it('costs no template list when nothing was resolved', async () => {
    const head = onDeprecatedRelease();
    // Nothing changed since the base: nothing is resolved, nothing is read.
    const { report } = await runResolve(sandbox(), { head, base: head });
    expect(report.diagnostics).toEqual([]);
    expect(sandbox().count(LIST)).toBe(0);
  });

  it('says nothing for a published version, and nothing when the list cannot be read', async () => {
    const published = await runResolve(sandbox(), { head: exampleFiles() });
    expect(published.report.diagnostics).toEqual([]);
    sandbox().resetLog();
    sandbox().setFaults({ script: [{ operation: LIST, status: 503, times: 10 }] });
    const { report } = await runResolve(sandbox(), { head: onDeprecatedRelease() });
    expect(report.diagnostics.filter((d) => d.code === 'component.template-deprecated')).toEqual([]);
    expect(report.results.every((r) => r.status === 'resolved')).toBe(true);
  });
});
