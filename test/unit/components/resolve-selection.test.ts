import { beforeEach, describe, expect, it } from 'vitest';
import { useSandbox } from '../../helpers/sandbox.js';
import { edit, exampleFiles, PROD_EU, runResolve, STAGING_EU } from './sandbox-run.js';

const sandbox = useSandbox({ rateLimit: false });
const RESOLVE = 'resolvePlatformTemplateComponentConfiguration';
const INGRESS = 'components/prod-eu/ingress-nginx.yaml';
const KARPENTER = 'components/prod-eu/karpenter.yaml';
const DNS = 'components/prod-eu/external-dns.yaml';

beforeEach(() => {
  sandbox().resetLog();
  sandbox().setFaults({});
});

const resolved = (results: readonly { componentKey: string; file: string; status: string }[]) =>
  results.filter((r) => r.status === 'resolved').map((r) => r.file);

/** The same components for another cluster: another identity, same catalog entries. */
function stagingCopy(files: Record<string, string>): Record<string, string> {
  const copy: Record<string, string> = {};
  for (const [path, text] of Object.entries(files)) {
    copy[path.replace('prod-eu', 'staging-eu')] = text.replace(PROD_EU, STAGING_EU);
  }
  return copy;
}

describe('which components a pull request resolves', () => {
  it('resolves nothing when no component document changed', async () => {
    const { report, requests } = await runResolve(sandbox(), { head: exampleFiles(), base: exampleFiles() });
    expect(sandbox().count()).toBe(0);
    expect(requests).toBe(0);
    expect(report.results.every((r) => r.status === 'skipped')).toBe(true);
    expect(report.diagnostics).toEqual([]);
  });

  it('resolves only the changed component', async () => {
    const base = exampleFiles();
    const head = edit(base, KARPENTER, 'cpu: 400', 'cpu: 500');
    const { report } = await runResolve(sandbox(), { head, base });
    expect(sandbox().count(RESOLVE)).toBe(1);
    expect(resolved(report.results)).toEqual([KARPENTER]);
    expect(report.results.filter((r) => r.status === 'skipped')).toHaveLength(4);
    expect(report.results.find((r) => r.status === 'skipped')?.reason).toBe(
      'Unchanged in this change and not tied to a changed component.',
    );
  });

  it('also resolves the consumer that names the changed component in componentOutputs', async () => {
    const base = exampleFiles();
    const head = edit(base, INGRESS, 'replicas: 3', 'replicas: 4');
    const { report } = await runResolve(sandbox(), { head, base });
    expect(sandbox().count(RESOLVE)).toBe(2);
    expect(resolved(report.results).sort()).toEqual([DNS, INGRESS]);
  });

  it('resolves the consumers of a removed component, and warns that their input lost its producer', async () => {
    const base = exampleFiles();
    const { [INGRESS]: _removed, ...head } = base;
    const { report } = await runResolve(sandbox(), { head, base });
    expect(sandbox().count(RESOLVE)).toBe(1);
    expect(resolved(report.results)).toEqual([DNS]);
    expect(report.diagnostics.map((d) => [d.file, d.code])).toEqual([[DNS, 'component.binding-unbound']]);
  });

  it('uses bindings learned in the first round to resolve the other consumers in a second', async () => {
    // staging-eu's external-dns declares no componentOutputs: only the service's binding ties it to
    // ingress-nginx, and prod-eu's changed external-dns teaches that binding in round 1.
    const staging = stagingCopy(exampleFiles());
    const stagingDns = DNS.replace('prod-eu', 'staging-eu');
    const stagingIngress = INGRESS.replace('prod-eu', 'staging-eu');
    const withoutOutputs = edit(
      staging,
      stagingDns,
      'componentOutputs:\n  ingress-nginx:\n    hostedZoneId: Z0123456789ABCDEFGHIJ\n',
      '',
    );
    const base = { ...exampleFiles(), ...withoutOutputs };
    let head = edit(base, stagingIngress, 'replicas: 3', 'replicas: 2');
    head = edit(head, DNS, 'txtOwnerId: prod-eu', 'txtOwnerId: prod-eu-1');
    const { report } = await runResolve(sandbox(), { head, base });
    expect(resolved(report.results).sort()).toEqual([DNS, stagingDns, stagingIngress]);
    expect(sandbox().count(RESOLVE)).toBe(3);
  });

  it('resolves everything when there is no base revision', async () => {
    const { report } = await runResolve(sandbox(), { head: exampleFiles(), base: null });
    expect(sandbox().count(RESOLVE)).toBe(5);
    expect(report.results.every((r) => r.status === 'resolved')).toBe(true);
  });
});

describe('identical inputs', () => {
  it('are resolved once, and each document gets the findings on its own lines', async () => {
    const broken = edit(
      exampleFiles(),
      KARPENTER,
      'consolidationPolicy: WhenUnderutilized',
      'consolidationPolicy: Never',
    );
    // Another cluster, same question: the cluster id is not part of what the service is asked.
    // An extra comment line in the copy shows each finding is placed in its own document.
    const head = { ...broken, ...stagingCopy({ [KARPENTER]: `# staging\n${broken[KARPENTER]!}` }) };
    const { report } = await runResolve(sandbox(), { head, concurrency: 1 });
    expect(sandbox().count(RESOLVE)).toBe(5);
    const karpenters = report.results.filter((r) => r.componentKey === 'karpenter');
    expect(karpenters.map((r) => [r.file, r.status, r.violations, r.shared])).toEqual([
      [KARPENTER, 'resolved', 1, false],
      ['components/staging-eu/karpenter.yaml', 'resolved', 1, true],
    ]);
    const violations = report.diagnostics.filter((d) => d.code === 'VALUE_NOT_ALLOWED');
    expect(violations.map((d) => `${d.file}:${d.line}:${d.column}`)).toEqual([
      'components/prod-eu/karpenter.yaml:16:3',
      'components/staging-eu/karpenter.yaml:17:3',
    ]);
  });

  it('are resolved once even when they are in flight at the same time', async () => {
    const head = { ...exampleFiles(), ...stagingCopy(exampleFiles()) };
    await runResolve(sandbox(), { head, concurrency: 10 });
    expect(sandbox().count(RESOLVE)).toBe(5);
  });
});
