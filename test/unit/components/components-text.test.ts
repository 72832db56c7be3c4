import { describe, expect, it } from 'vitest';
import type { ComponentResult } from '../../../src/components/types.js';
import { formatComponentsText } from '../../../src/report/components-text.js';

const base = {
  organizationId: 'org',
  templateKey: 'aws-standard',
  templateVersion: '1.4.0',
  clusterMode: 'QOVERY_MANAGED',
  cloudProvider: 'AWS',
  requirements: [],
  bindings: [],
  violations: 0,
} as const;

const results: ComponentResult[] = [
  { ...base, file: 'c/karpenter.yaml', line: 4, componentKey: 'karpenter', status: 'resolved' },
  {
    ...base,
    file: 'c/observability.yaml',
    line: 5,
    componentKey: 'observability',
    status: 'resolved',
    violations: 2,
    requirements: [
      { key: 's3BucketName', label: 'S3 bucket', scope: 'CLUSTER', status: 'MISSING', sensitive: false },
      {
        key: 'grafanaAdminPassword',
        label: 'Grafana',
        scope: 'PLATFORM_PROFILE',
        status: 'READY',
        sensitive: true,
      },
    ],
  },
  {
    ...base,
    file: 'c/dns.yaml',
    line: 3,
    componentKey: 'external-dns',
    status: 'resolved',
    requirements: [
      {
        key: 'ingressClass',
        label: 'Ingress',
        scope: 'PLATFORM_PROFILE',
        status: 'MISSING',
        sensitive: false,
      },
    ],
  },
  {
    ...base,
    file: 'c/cert.yaml',
    line: 6,
    componentKey: 'cert-manager',
    status: 'failed',
    reason: 'Catalog unavailable (HTTP 503).',
  },
  {
    ...base,
    file: 'c/ingress.yaml',
    line: 6,
    componentKey: 'ingress-nginx',
    status: 'skipped',
    reason: 'unchanged',
  },
];

describe('formatComponentsText', () => {
  it('prints one line per component the run touched and counts the skipped ones', () => {
    expect(formatComponentsText(results, { color: false })).toBe(
      [
        'Platform components: 3 resolved, 1 failed, 1 skipped (unchanged)',
        '  ok      karpenter      aws-standard 1.4.0, QOVERY_MANAGED/AWS  c/karpenter.yaml:4',
        '  invalid observability  aws-standard 1.4.0, QOVERY_MANAGED/AWS  c/observability.yaml:5  2 violations; missing s3BucketName (cluster input)',
        '  missing external-dns   aws-standard 1.4.0, QOVERY_MANAGED/AWS  c/dns.yaml:3  missing ingressClass (platform profile)',
        '  failed  cert-manager   aws-standard 1.4.0, QOVERY_MANAGED/AWS  c/cert.yaml:6  Catalog unavailable (HTTP 503).',
        '',
      ].join('\n'),
    );
  });

  it('colours the verdicts only when asked', () => {
    const text = formatComponentsText(results, { color: true });
    expect(text).toContain('\u001b[32mok     \u001b[0m');
    expect(text).toContain('\u001b[31mfailed \u001b[0m');
    expect(formatComponentsText(results, { color: false })).not.toContain('\u001b[');
  });

  it('prints nothing when there are no components', () => {
    expect(formatComponentsText([], { color: false })).toBe('');
  });
});
