import { describe, expect, it } from 'vitest';
import { explainNotFound } from '../../../src/components/catalog-explanation.js';
import { toComponentTarget } from '../../../src/components/component-target.js';
import { failureDiagnostic } from '../../../src/components/failures.js';
import { Redactor } from '../../../src/core/redact.js';
import { ApiError } from '../../../src/service/errors.js';
import type { PlatformTemplate } from '../../../src/service/types.js';
import { componentDocuments } from './yaml-documents.js';

const ORG = '7f1b2c3d-0000-4000-8000-000000000001';

const layers = [
  {
    key: 'core',
    mandatory: true,
    modes: ['QOVERY_MANAGED', 'CUSTOMER_MANAGED'],
    providers: ['AWS'],
    componentKeys: ['karpenter', 'cert-manager'],
  },
  {
    key: 'edge',
    mandatory: false,
    modes: ['QOVERY_MANAGED'],
    providers: null,
    componentKeys: ['ingress-nginx'],
  },
];
const catalog: PlatformTemplate[] = [
  { key: 'aws-standard', version: '1.4.0', status: 'PUBLISHED', layers },
  { key: 'aws-standard', version: '1.3.2', status: 'DEPRECATED', layers },
];

function target(template: string, component: string, cluster = '{mode: QOVERY_MANAGED, provider: AWS}') {
  const [doc] = componentDocuments({
    'c.yaml': `kind: PlatformComponent
template:
  key: ${template.split(' ')[0]}
  version: ${template.split(' ')[1]}
component: ${component}
cluster: ${cluster}
`,
  });
  return toComponentTarget(doc!, ORG);
}

describe('explainNotFound', () => {
  it('points at the template key, lists the templates and suggests the nearest', () => {
    expect(explainNotFound(target('aws-standrd 1.4.0', 'karpenter'), catalog)).toEqual({
      path: ['template', 'key'],
      message: `Platform template \`aws-standrd\` does not exist in organization ${ORG}. Did you mean \`aws-standard\`? Templates: aws-standard.`,
    });
  });

  it('points at the version and lists versions with their status', () => {
    expect(explainNotFound(target('aws-standard 1.4.1', 'karpenter'), catalog)).toEqual({
      path: ['template', 'version'],
      message:
        'Platform template `aws-standard` has no version `1.4.1`. Did you mean `1.4.0`? Versions: 1.4.0 (PUBLISHED), 1.3.2 (DEPRECATED).',
    });
  });

  it('points at the component and lists the components of that version', () => {
    expect(explainNotFound(target('aws-standard 1.4.0', 'karpnter'), catalog)).toEqual({
      path: ['component'],
      message:
        'Component `karpnter` is not part of platform template aws-standard 1.4.0. Did you mean `karpenter`? Components: cert-manager, ingress-nginx, karpenter.',
    });
  });

  it('points at the cluster when the component does not apply to its mode or provider', () => {
    const explained = explainNotFound(
      target('aws-standard 1.4.0', 'ingress-nginx', '{mode: CUSTOMER_MANAGED, provider: AWS}'),
      catalog,
    );
    expect(explained?.path).toEqual(['cluster']);
    expect(explained?.message).toContain('the layer applies to modes QOVERY_MANAGED and providers any');
  });

  it('says nothing when the list has everything the document names', () => {
    expect(explainNotFound(target('aws-standard 1.3.2', 'cert-manager'), catalog)).toBeNull();
  });

  it('says so when the organization has no templates', () => {
    expect(explainNotFound(target('aws-standard 1.4.0', 'karpenter'), [])?.message).toContain(
      'has no platform templates',
    );
  });
});

describe('failureDiagnostic', () => {
  const redactor = new Redactor();
  const error = (status: number | null, serviceMessage: string | null = null, hint: string | null = null) =>
    new ApiError({
      operation: 'resolvePlatformTemplateComponentConfiguration',
      method: 'POST',
      path: `/organization/${ORG}/platformTemplate/aws-standard/1.4.0/component/karpenter/resolve`,
      status,
      kind: status === null ? 'timeout' : 'http',
      serviceMessage,
      hint,
    });
  const karpenter = target('aws-standard 1.4.0', 'karpenter');

  it('places a 404 where the template list says, as an error', () => {
    const explanation = explainNotFound(target('aws-standard 1.4.1', 'karpenter'), catalog);
    const d = failureDiagnostic(karpenter, error(404), redactor, explanation);
    expect(d).toMatchObject({ severity: 'error', code: 'component.not-found', line: 4, column: 3 });
  });

  it('quotes the service for a 404 the list cannot explain, and why the list could not help', () => {
    const d = failureDiagnostic(karpenter, error(404, 'no such thing'), redactor, null, error(503));
    expect(d).toMatchObject({ line: 5, column: 1 });
    expect(d.message).toContain('HTTP 404: no such thing');
    expect(d.message).toContain('The template list could not be read');
  });

  it('shows a 400 with the service message on the document', () => {
    const d = failureDiagnostic(karpenter, error(400, 'profileConfig must be an object'), redactor);
    expect(d).toMatchObject({ code: 'component.bad-request', line: 5 });
    expect(d.message).toBe(
      'The service rejected component `karpenter` of aws-standard 1.4.0 (HTTP 400): profileConfig must be an object.',
    );
  });

  it('names a 503 as the catalog being unavailable', () => {
    const d = failureDiagnostic(karpenter, error(503), redactor);
    expect(d.code).toBe('component.catalog-unavailable');
    expect(d.message).toMatch(/^Catalog unavailable: .*karpenter.*not checked/);
  });

  it("carries the client's hint for 401 and 403", () => {
    const d = failureDiagnostic(
      karpenter,
      error(401, null, 'set QOVERY_API_TOKEN to a valid token'),
      redactor,
    );
    expect(d.code).toBe('component.access-denied');
    expect(d.message).toContain('set QOVERY_API_TOKEN to a valid token');
  });

  it('reports anything else with the client message', () => {
    expect(failureDiagnostic(karpenter, error(null), redactor).message).toContain('timed out');
  });
});
