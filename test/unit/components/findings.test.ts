import { describe, expect, it } from 'vitest';
import { toComponentTarget } from '../../../src/components/component-target.js';
import {
  missingRequirementDiagnostic,
  unboundBindingDiagnostics,
} from '../../../src/components/requirements.js';
import { violationDiagnostic } from '../../../src/components/violations.js';
import { Redactor } from '../../../src/core/redact.js';
import type { Requirement } from '../../../src/service/types.js';
import { componentDocuments } from './yaml-documents.js';

const ORG = '7f1b2c3d-0000-4000-8000-000000000001';

// Line numbers are part of what is tested: keep this text as it is.
const OBSERVABILITY = `kind: PlatformComponent
template:
  key: aws-standard
  version: 1.4.0
component: observability
cluster: {mode: QOVERY_MANAGED, provider: AWS}
profileConfig:
  retentionDays: 30
  storage: 200Gi
  resources:
    limits: {cpu: 2}
  grafanaAdminPassword: hunter2-secret
clusterInputs:
  s3BucketName: acme-logs
`;

const [observability] = componentDocuments({ 'components/observability.yaml': OBSERVABILITY }).map((d) =>
  toComponentTarget(d, ORG),
);
const target = observability!;
const at = (d: { line: number; column: number }) => [d.line, d.column];

describe('violationDiagnostic', () => {
  const redactor = new Redactor();
  const violation = (fieldPath: string, message = 'Fix it like this.') =>
    violationDiagnostic(target, { code: 'FIELD_INVALID', fieldPath, message }, redactor);

  it('puts a bare key on that key under profileConfig, with the service code and text', () => {
    const d = violation('storage', 'storage must be at least 500Gi');
    expect(at(d)).toEqual([9, 3]);
    expect(d).toMatchObject({
      severity: 'error',
      file: 'components/observability.yaml',
      code: 'FIELD_INVALID',
      message: 'storage must be at least 500Gi',
      endLine: 9,
      endColumn: 10,
    });
  });

  it('puts clusterInputs.<key> on that key under clusterInputs', () => {
    expect(at(violation('clusterInputs.s3BucketName'))).toEqual([14, 3]);
  });

  it('follows nested paths', () => {
    expect(at(violation('resources.limits.cpu'))).toEqual([11, 14]);
  });

  it('puts an absent field on its nearest existing parent and says which field', () => {
    const d = violation('resources.limits.memory', 'memory limit is required');
    expect(at(d)).toEqual([11, 5]);
    expect(d.message).toBe(
      'memory limit is required (`profileConfig.resources.limits.memory` is not set in this document)',
    );
    expect(at(violation('clusterInputs.region'))).toEqual([13, 1]);
  });

  it('puts a path of an unknown form on the component line and quotes it', () => {
    const d = violation('spec/limits[cpu]');
    expect(at(d)).toEqual([5, 1]);
    expect(d.message).toContain('`spec/limits[cpu]`');
  });

  it('redacts a sensitive value the service quotes back', () => {
    const r = new Redactor();
    r.add('hunter2-secret');
    const d = violationDiagnostic(
      target,
      { code: 'WEAK', fieldPath: 'grafanaAdminPassword', message: "'hunter2-secret' is too weak" },
      r,
    );
    expect(d.message).toBe("'***' is too weak");
    expect(at(d)).toEqual([12, 3]);
  });
});

describe('missingRequirementDiagnostic', () => {
  const requirement = (key: string, scope: string): Requirement => ({
    key,
    label: 'S3 bucket',
    type: 'string',
    required: true,
    sensitive: false,
    constraints: {},
    scope,
    status: 'MISSING',
  });

  it('tells that the cluster provides a CLUSTER requirement, at the cluster input', () => {
    const d = missingRequirementDiagnostic(target, requirement('s3BucketName', 'CLUSTER'));
    expect(d.severity).toBe('warning');
    expect(at(d)).toEqual([14, 3]);
    expect(d.message).toContain(
      'the cluster must provide it: set the cluster input `clusterInputs.s3BucketName`',
    );
  });

  it('tells that the platform profile provides a PLATFORM_PROFILE requirement', () => {
    const d = missingRequirementDiagnostic(target, requirement('ingressClass', 'PLATFORM_PROFILE'));
    expect(at(d)).toEqual([7, 1]);
    expect(d.message).toContain(
      'the platform profile must provide it: set the platform profile field `profileConfig.ingressClass`',
    );
  });

  it('names an unknown scope as the service wrote it', () => {
    const d = missingRequirementDiagnostic(target, requirement('x', 'ORGANIZATION'));
    expect(at(d)).toEqual([5, 1]);
    expect(d.message).toContain('scope ORGANIZATION');
  });
});

describe('unboundBindingDiagnostics', () => {
  const docs = componentDocuments({
    'dns.yaml': `kind: PlatformComponent
template: {key: aws-standard, version: 1.4.0}
component: external-dns
cluster: {mode: QOVERY_MANAGED, provider: AWS}
`,
    'ingress-other-version.yaml': `kind: PlatformComponent
template: {key: aws-standard, version: 1.3.2}
component: ingress-nginx
cluster: {mode: QOVERY_MANAGED, provider: AWS}
`,
  }).map((d) => toComponentTarget(d, ORG));
  const binding = { input: 'zoneId', fromComponent: 'ingress-nginx', output: 'hostedZoneId' };

  it('warns on the component when no document of the same installation produces the input', () => {
    const [d, ...rest] = unboundBindingDiagnostics(docs[0]!, [binding], docs);
    expect(rest).toEqual([]);
    expect(d).toMatchObject({ severity: 'warning', code: 'component.binding-unbound', line: 3, column: 1 });
    expect(d!.message).toContain('output `hostedZoneId` of component `ingress-nginx`');
  });

  it('is quiet when the producer has a document', () => {
    const [producer] = componentDocuments({
      'ingress.yaml': `kind: PlatformComponent
template: {key: aws-standard, version: 1.4.0}
component: ingress-nginx
cluster: {mode: SERVICE_MANAGED, provider: AWS}
`,
    }).map((d) => toComponentTarget(d, ORG));
    expect(unboundBindingDiagnostics(docs[0]!, [binding], [...docs, producer!])).toEqual([]);
  });
});
