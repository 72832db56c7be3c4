import { describe, expect, it } from 'vitest';
import { toComponentTarget } from '../../../src/components/component-target.js';
import { registerLikelySecrets, registerSensitiveValues } from '../../../src/components/sensitive-values.js';
import { Redactor } from '../../../src/core/redact.js';
import type { FieldDescriptor, Requirement } from '../../../src/service/types.js';
import { componentDocuments } from './yaml-documents.js';

const [doc] = componentDocuments({
  'o.yaml': `kind: PlatformComponent
template: {key: aws-standard, version: 1.4.0}
component: observability
cluster: {mode: QOVERY_MANAGED, provider: AWS}
profileConfig:
  grafanaAdminPassword: Gr4fana-prod-eu-7c1d9e
  storage: 200Gi
  tls:
    certificate: |
      -----BEGIN KEY-----
      c2VjcmV0LWtleS1ib2R5
      -----END KEY-----
  pools:
    - name: general
      joinSecretValue: pool-join-0001
  alerting: {webhookTokenValue: whk-9f8e7d6c}
  tokenTtl: 86400
clusterInputs:
  s3BucketName: acme-prod-eu-observability
  kmsKeyArn: arn:aws:kms:eu-west-1:1:key/abcd
`,
});
const target = toComponentTarget(doc!, 'org');

const scalar = (key: string, sensitive = false): FieldDescriptor => ({
  key,
  type: 'string',
  required: false,
  label: key,
  sensitive,
  constraints: {},
});

describe('registerSensitiveValues', () => {
  it('hides the values of fields the service marks sensitive, at any depth, and nothing else', () => {
    const redactor = new Redactor();
    const fields: FieldDescriptor[] = [
      scalar('grafanaAdminPassword', true),
      scalar('storage'),
      {
        key: 'tls',
        type: 'object',
        required: false,
        label: 'TLS',
        sensitive: false,
        fields: [scalar('certificate', true)],
      },
      {
        key: 'pools',
        type: 'array',
        required: false,
        label: 'Pools',
        sensitive: false,
        constraints: { uniqueItems: false },
        items: { type: 'object', fields: [scalar('name'), scalar('joinSecretValue', true)] },
      },
    ];
    const requirements: Requirement[] = [
      { ...(scalar('kmsKeyArn', true) as Requirement), scope: 'CLUSTER', status: 'READY' },
      { ...(scalar('s3BucketName') as Requirement), scope: 'CLUSTER', status: 'READY' },
    ];
    registerSensitiveValues(target, fields, requirements, redactor);
    const text = JSON.stringify(target.document.value);
    const shown = redactor.redact(text);
    for (const secret of [
      'Gr4fana-prod-eu-7c1d9e',
      'c2VjcmV0LWtleS1ib2R5',
      'pool-join-0001',
      'arn:aws:kms:eu-west-1:1:key/abcd',
    ]) {
      expect(shown).not.toContain(secret);
    }
    expect(redactor.redact('line: c2VjcmV0LWtleS1ib2R5')).toBe('line: ***');
    expect(shown).toContain('200Gi');
    expect(shown).toContain('acme-prod-eu-observability');
    expect(shown).toContain('general');
  });

  it('hides a whole value whose descriptor kind is unknown but marked sensitive', () => {
    const redactor = new Redactor();
    registerSensitiveValues(
      target,
      [{ key: 'alerting', type: 'secretMap', sensitive: true, unknownKind: true }],
      [],
      redactor,
    );
    expect(redactor.redact('whk-9f8e7d6c')).toBe('***');
  });
});

describe('registerLikelySecrets', () => {
  it('hides string values under credential-like keys before any descriptor is known', () => {
    const redactor = new Redactor();
    registerLikelySecrets(target, {}, redactor);
    expect(redactor.redact('Gr4fana-prod-eu-7c1d9e pool-join-0001 whk-9f8e7d6c')).toBe('*** *** ***');
    expect(redactor.redact('86400 200Gi acme-prod-eu-observability')).toBe(
      '86400 200Gi acme-prod-eu-observability',
    );
  });
});
