import { describe, expect, it } from 'vitest';
import { toComponentTarget } from '../../../src/components/component-target.js';
import { catalogKey, findChanges, tiedByBindings, tiedByOutputs } from '../../../src/components/selection.js';
import { componentDocuments } from './yaml-documents.js';

const ORG = '7f1b2c3d-0000-4000-8000-000000000001';
const PROD_EU = 'c1a5e7e0-0000-4000-8000-000000000101';
const STAGING_EU = 'c1a5e7e0-0000-4000-8000-000000000102';

function doc(component: string, extra = '', mode = 'QOVERY_MANAGED', clusterId?: string) {
  return `kind: PlatformComponent
template: {key: aws-standard, version: 1.4.0}
component: ${component}
cluster: {mode: ${mode}, provider: AWS${clusterId ? `, id: ${clusterId}` : ''}}
${extra}`;
}

function targets(files: Record<string, string>, org: string | null = ORG) {
  return componentDocuments(files).map((d) => toComponentTarget(d, org));
}

const baseFiles = {
  'ingress.yaml': doc('ingress-nginx', 'profileConfig: {replicas: 3}'),
  'dns.yaml': doc('external-dns', 'componentOutputs: {ingress-nginx: {hostedZoneId: Z1}}'),
  'karpenter.yaml': doc('karpenter', 'profileConfig: {limits: {cpu: 400}}'),
};

describe('findChanges', () => {
  it('finds nothing when only key order and comments differ', () => {
    const head = targets({
      ...baseFiles,
      'karpenter.yaml': `# reordered\n${doc('karpenter', 'profileConfig:\n  limits: {cpu: 400}')}`,
    });
    expect(findChanges(head, targets(baseFiles))).toEqual({ changed: [], removed: [] });
  });

  it('treats SERVICE_MANAGED and QOVERY_MANAGED as the same document', () => {
    const head = targets({
      ...baseFiles,
      'karpenter.yaml': doc('karpenter', 'profileConfig: {limits: {cpu: 400}}', 'SERVICE_MANAGED'),
    });
    expect(findChanges(head, targets(baseFiles)).changed).toEqual([]);
  });

  it('treats an empty section like an absent one: the service is asked the same', () => {
    const head = targets({
      ...baseFiles,
      'karpenter.yaml': `${baseFiles['karpenter.yaml']}\nclusterInputs: {}\n`,
    });
    expect(findChanges(head, targets(baseFiles)).changed).toEqual([]);
  });

  it('finds a changed value, a new document and a removed one', () => {
    const head = targets({
      'ingress.yaml': doc('ingress-nginx', 'profileConfig: {replicas: 4}'),
      'dns.yaml': baseFiles['dns.yaml'],
      'cert.yaml': doc('cert-manager'),
    });
    const { changed, removed } = findChanges(head, targets(baseFiles));
    expect(changed.map((t) => t.document.value.component)).toEqual(['ingress-nginx', 'cert-manager']);
    expect(removed.map((t) => t.document.value.component)).toEqual(['karpenter']);
  });

  it('counts a document that moved to another file as unchanged', () => {
    const { 'karpenter.yaml': moved, ...rest } = baseFiles;
    const head = targets({ ...rest, 'nodes/karpenter.yaml': moved });
    expect(findChanges(head, targets(baseFiles)).changed).toEqual([]);
  });

  it('sees a change of organization through the default organization', () => {
    const head = targets(baseFiles, '7f1b2c3d-0000-4000-8000-000000000002');
    const { changed, removed } = findChanges(head, targets(baseFiles));
    expect(changed).toHaveLength(3);
    expect(removed).toHaveLength(3);
  });
});

describe('tiedByOutputs', () => {
  it('selects the consumers of a changed producer in the same installation only', () => {
    const head = targets({
      ...baseFiles,
      'ingress.yaml': doc('ingress-nginx', 'profileConfig: {replicas: 4}'),
      'dns-customer.yaml': doc(
        'external-dns',
        'componentOutputs: {ingress-nginx: {hostedZoneId: Z2}}',
        'CUSTOMER_MANAGED',
      ),
    });
    const { changed } = findChanges(head, targets(baseFiles));
    const tied = tiedByOutputs(head, changed, new Set(changed));
    expect(tied.map((t) => t.document.file)).toEqual(['dns.yaml']);
  });

  it('selects the consumers of a removed producer', () => {
    const head = targets({
      'dns.yaml': baseFiles['dns.yaml'],
      'karpenter.yaml': baseFiles['karpenter.yaml'],
    });
    const { changed, removed } = findChanges(head, targets(baseFiles));
    expect(changed).toEqual([]);
    expect(tiedByOutputs(head, removed, new Set()).map((t) => t.document.file)).toEqual(['dns.yaml']);
  });

  it('keeps clusters apart when both documents name theirs', () => {
    const head = targets({
      'a.yaml': doc('ingress-nginx', '', 'QOVERY_MANAGED', PROD_EU),
      'b.yaml': doc(
        'external-dns',
        'componentOutputs: {ingress-nginx: {hostedZoneId: Z1}}',
        'QOVERY_MANAGED',
        STAGING_EU,
      ),
      'c.yaml': doc(
        'external-dns',
        'componentOutputs: {ingress-nginx: {hostedZoneId: Z1}}',
        'QOVERY_MANAGED',
      ),
    });
    expect(tiedByOutputs(head, [head[0]!], new Set([head[0]!])).map((t) => t.document.file)).toEqual([
      'c.yaml',
    ]);
  });
});

describe('tiedByBindings', () => {
  it('selects documents whose catalog entry binds to a changed producer, once learned', () => {
    const head = targets({
      'ingress.yaml': doc('ingress-nginx', 'profileConfig: {replicas: 4}'),
      'dns.yaml': doc('external-dns'),
      'karpenter.yaml': baseFiles['karpenter.yaml'],
    });
    const ingress = head[0]!;
    const dns = head[1]!;
    const selected = new Set([ingress]);
    expect(tiedByBindings(head, [ingress], new Map(), selected)).toEqual([]);
    const learned = new Map([
      [catalogKey(dns), [{ input: 'zoneId', fromComponent: 'ingress-nginx', output: 'hostedZoneId' }]],
    ]);
    expect(tiedByBindings(head, [ingress], learned, selected)).toEqual([dns]);
    expect(tiedByBindings(head, [ingress], learned, new Set([ingress, dns]))).toEqual([]);
  });
});
