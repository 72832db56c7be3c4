import { beforeEach, describe, expect, it } from 'vitest';
import { formatComponentsText } from '../../../src/report/components-text.js';
import { findingTitle } from '../../../src/report/finding-title.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { edit, exampleFiles, runResolve } from './sandbox-run.js';

const sandbox = useSandbox({ rateLimit: false });
const OBS = 'components/prod-eu/observability.yaml';
const KARPENTER = 'components/prod-eu/karpenter.yaml';
const CERT = 'components/prod-eu/cert-manager.yaml';

beforeEach(() => {
  sandbox().resetLog();
  sandbox().setFaults({});
});

const where = (d: { file: string; line: number; column: number }) => `${d.file}:${d.line}:${d.column}`;

describe('resolveComponents against the sandbox catalog', () => {
  it('resolves the example repository without a finding', async () => {
    const { report } = await runResolve(sandbox(), { head: exampleFiles() });
    expect(report.results.map((r) => [r.componentKey, r.status, r.violations])).toEqual([
      ['cert-manager', 'resolved', 0],
      ['external-dns', 'resolved', 0],
      ['ingress-nginx', 'resolved', 0],
      ['karpenter', 'resolved', 0],
      ['observability', 'resolved', 0],
    ]);
    expect(report.diagnostics).toEqual([]);
    expect(sandbox().count('resolvePlatformTemplateComponentConfiguration')).toBe(5);
  });

  it('puts violations of a profile field, a nested field, a cluster input and a missing field on their lines', async () => {
    let head = edit(exampleFiles(), OBS, 'retentionDays: 30', 'retentionDays: 400');
    head = edit(
      head,
      OBS,
      '  s3BucketName: acme-prod-eu-observability',
      '  s3BucketName: acme-prod-eu-observability\n  region: eu-west-1',
    );
    head = edit(head, KARPENTER, '    memory: 1600Gi', '    memory: lots');
    head = edit(head, CERT, '  acmeEmail: platform@acme.example\n', '');
    const { report } = await runResolve(sandbox(), { head });
    const errors = report.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => [where(d), d.endLine, d.endColumn, d.code, findingTitle(d)])).toEqual([
      // acmeEmail is absent: its nearest existing parent, the profileConfig key.
      [`${CERT}:12:1`, 12, 14, 'REQUIRED', 'Missing required value'],
      [`${KARPENTER}:20:5`, 20, 11, 'PATTERN_MISMATCH', 'Pattern mismatch'],
      [`${OBS}:14:3`, 14, 16, 'OUT_OF_RANGE', 'Out of range'],
      [`${OBS}:20:3`, 20, 9, 'UNKNOWN_FIELD', 'Unknown field'],
    ]);
    expect(errors[0]!.message).toMatch(/\(`profileConfig\.acmeEmail` is not set in this document\)$/);
    expect(errors[3]!.message).toContain('clusterInputs.region is not an input of observability');
    expect(report.results.find((r) => r.componentKey === 'observability')?.violations).toBe(2);
  });

  it('puts a violation of a list item on that item', async () => {
    const head = edit(
      exampleFiles(),
      KARPENTER,
      'instanceFamilies: [m6i, m7i, c7i]',
      'instanceFamilies: [m6i, M7i, c7i]',
    );
    const { report } = await runResolve(sandbox(), { head });
    const [d, ...rest] = report.diagnostics.filter((x) => x.severity === 'error');
    expect(rest).toEqual([]);
    expect([where(d!), d!.endColumn, d!.code]).toEqual([`${KARPENTER}:15:27`, 30, 'PATTERN_MISMATCH']);
  });

  it('puts a violation whose path it cannot read on the component line, quoting the path', async () => {
    sandbox().setFaults({
      script: [
        {
          operation: 'resolvePlatformTemplateComponentConfiguration',
          id: 'karpenter',
          status: 200,
          body: {
            componentKey: 'karpenter',
            fields: [],
            requirements: [],
            componentBindings: [],
            violations: [
              { code: 'POLICY', fieldPath: 'spec/limits[cpu]', message: 'CPU limit is above the policy.' },
            ],
          },
        },
      ],
    });
    const { report } = await runResolve(sandbox(), { head: exampleFiles() });
    const [d] = report.diagnostics.filter((x) => x.code === 'POLICY');
    expect(where(d!)).toBe(`${KARPENTER}:8:1`);
    expect(d!.message).toBe(
      'CPU limit is above the policy. (field path `spec/limits[cpu]`, a form this tool cannot place in the document)',
    );
  });

  it('warns about a MISSING cluster requirement, saying the cluster must provide it', async () => {
    const head = edit(
      exampleFiles(),
      OBS,
      'clusterInputs:\n  s3BucketName: acme-prod-eu-observability\n',
      '',
    );
    const { report } = await runResolve(sandbox(), { head });
    const warnings = report.diagnostics.filter((d) => d.severity === 'warning');
    expect(warnings.map((d) => [where(d), d.code])).toEqual([
      [`${OBS}:8:1`, 'component.requirement-missing'],
    ]);
    expect(warnings[0]!.message).toBe(
      "Component `observability` requires 'S3 bucket for long-term storage' (s3BucketName), which is missing; " +
        'the cluster must provide it: set the cluster input `clusterInputs.s3BucketName`.',
    );
    const obs = report.results.find((r) => r.componentKey === 'observability');
    expect(obs?.requirements).toEqual([
      {
        key: 's3BucketName',
        label: 'S3 bucket for long-term storage',
        scope: 'CLUSTER',
        status: 'MISSING',
        sensitive: false,
      },
    ]);
  });

  it('warns on a component whose bound input has no producing document', async () => {
    const { 'components/prod-eu/ingress-nginx.yaml': _removed, ...head } = exampleFiles();
    const { report } = await runResolve(sandbox(), { head });
    const [d, ...rest] = report.diagnostics.filter((x) => x.code === 'component.binding-unbound');
    expect(rest).toEqual([]);
    expect(where(d!)).toBe('components/prod-eu/external-dns.yaml:8:1');
    expect(d!.message).toContain('output `hostedZoneId` of component `ingress-nginx`');
  });

  it('tolerates a descriptor kind it does not know, which the run reports once (through the client)', async () => {
    // karpenter's expireAfter is of type `duration`: two karpenter documents, two answers carrying it.
    const staging = exampleFiles()
      [KARPENTER]!.replace('cpu: 400', 'cpu: 200')
      .replace('c1a5e7e0-0000-4000-8000-000000000101', 'c1a5e7e0-0000-4000-8000-000000000102');
    const head = { ...exampleFiles(), 'components/staging-eu/karpenter.yaml': staging };
    const { report, notices } = await runResolve(sandbox(), { head });
    expect(report.results.every((r) => r.status === 'resolved')).toBe(true);
    expect(report.diagnostics).toEqual([]);
    expect(sandbox().count('resolvePlatformTemplateComponentConfiguration')).toBe(6);
    expect(notices.filter((n) => n.includes('"duration"'))).toHaveLength(1);
  });

  it('never lets a sensitive value out: not in findings, results, text, nor a service message quoting it', async () => {
    const weak = 'Weak-pass1';
    let head = edit(
      exampleFiles(),
      OBS,
      'grafanaAdminPassword: {valueFrom: {env: GRAFANA_ADMIN_PASSWORD}}',
      `grafanaAdminPassword: ${weak}`,
    );
    head = edit(head, OBS, 'storage: 200Gi', 'storage: 200GB');
    sandbox().setFaults({
      script: [
        {
          operation: 'resolvePlatformTemplateComponentConfiguration',
          id: 'cert-manager',
          status: 400,
          body: { message: `profile rejected: password ${weak} and storage 200GB` },
        },
      ],
    });
    const { report, redactor } = await runResolve(sandbox(), { head });
    // The sandbox reports the too-short password; the scripted 400 quotes it back.
    expect(report.diagnostics.map((d) => d.code)).toEqual(
      expect.arrayContaining(['TOO_SHORT', 'PATTERN_MISMATCH', 'component.bad-request']),
    );
    const outputs = [JSON.stringify(report), formatComponentsText(report.results, { color: false })];
    for (const text of outputs) expect(redactor.redact(text)).not.toContain(weak);
    expect(JSON.stringify(report)).not.toContain(weak);
    expect(redactor.redact(`a ${weak} b`)).toBe('a *** b');
    const rejected = report.diagnostics.find((d) => d.code === 'component.bad-request');
    expect(rejected?.message).toContain('password *** and storage 200GB');
  });
});
