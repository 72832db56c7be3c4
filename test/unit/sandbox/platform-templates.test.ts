import { describe, expect, it } from 'vitest';
import { callSandbox, useSandbox } from '../../helpers/sandbox.js';

const ACME = '7f1b2c3d-0000-4000-8000-000000000001';
const GLOBEX = '7f1b2c3d-0000-4000-8000-000000000002';
const CONTEXT = 'clusterMode=QOVERY_MANAGED&cloudProvider=AWS';

const sandbox = useSandbox({ rateLimit: false });

function resolvePath(
  component: string,
  query = CONTEXT,
  version = '1.4.0',
  template = 'aws-standard',
): string {
  return `/organization/${ACME}/platformTemplate/${template}/${version}/component/${component}/resolve?${query}`;
}

async function resolve(component: string, body: unknown) {
  const answer = await callSandbox(sandbox(), 'POST', resolvePath(component), { body });
  expect(answer.status).toBe(200);
  return answer.body as {
    componentKey: string;
    fields: { key: string; type: string; sensitive: boolean }[];
    requirements: { key: string; scope: string; status: string }[];
    componentBindings: unknown[];
    violations: { code: string; fieldPath: string; message: string }[];
  };
}

describe('listPlatformTemplates', () => {
  it('lists released templates with their layers and component keys, drafts hidden', async () => {
    const { status, body } = await callSandbox(sandbox(), 'GET', `/organization/${ACME}/platformTemplate`);
    expect(status).toBe(200);
    const results = (
      body as {
        results: { key: string; version: string; status: string; layers: { componentKeys: string[] }[] }[];
      }
    ).results;
    expect(results.map((t) => [t.key, t.version, t.status])).toEqual([
      ['aws-standard', '1.4.0', 'PUBLISHED'],
      ['aws-standard', '1.3.2', 'DEPRECATED'],
      ['scw-starter', '0.2.0', 'PUBLISHED'],
    ]);
    expect(results[0]!.layers.flatMap((l) => l.componentKeys)).toEqual([
      'karpenter',
      'ingress-nginx',
      'external-dns',
      'cert-manager',
      'observability',
    ]);
  });

  it('narrows to the layers of a cluster context', async () => {
    const { body } = await callSandbox(
      sandbox(),
      'GET',
      `/organization/${ACME}/platformTemplate?clusterMode=CUSTOMER_MANAGED&cloudProvider=AWS`,
    );
    const results = (body as { results: { version: string; layers: { key: string }[] }[] }).results;
    expect(results.map((t) => [t.version, t.layers.map((l) => l.key)])).toEqual([
      ['1.4.0', ['compute', 'networking']],
      ['1.3.2', ['compute', 'networking']],
    ]);
  });

  it.each([
    ['clusterMode=QOVERY_MANAGED', 'clusterMode and cloudProvider must be supplied together'],
    ['cloudProvider=AWS', 'clusterMode and cloudProvider must be supplied together'],
    ['clusterMode=SELF&cloudProvider=AWS', 'clusterMode: must be one of QOVERY_MANAGED, CUSTOMER_MANAGED'],
    ['clusterMode=QOVERY_MANAGED&cloudProvider=MOON', 'cloudProvider: must be one of'],
  ])('answers 400 for %s', async (query, message) => {
    const answer = await callSandbox(sandbox(), 'GET', `/organization/${ACME}/platformTemplate?${query}`);
    expect(answer.status).toBe(400);
    expect((answer.body as { message: string }).message).toContain(message);
  });

  it('answers 403 for another organization', async () => {
    expect((await callSandbox(sandbox(), 'GET', `/organization/${GLOBEX}/platformTemplate`)).status).toBe(
      403,
    );
  });
});

describe('resolvePlatformTemplateComponentConfiguration', () => {
  it('answers the catalog fields, including a kind the contract does not list, and no violation for valid values', async () => {
    const answer = await resolve('karpenter', {
      profileConfig: { capacityTypes: ['spot'], expireAfter: '720h', limits: { cpu: 10, memory: '64Gi' } },
    });
    expect(answer.componentKey).toBe('karpenter');
    expect(answer.fields.map((f) => [f.key, f.type])).toEqual([
      ['capacityTypes', 'array'],
      ['instanceFamilies', 'array'],
      ['consolidationPolicy', 'string'],
      ['expireAfter', 'duration'],
      ['limits', 'object'],
    ]);
    expect(answer.violations).toEqual([]);
  });

  it('reports every kind of violation with the service fieldPath convention and stable codes', async () => {
    const answer = await resolve('karpenter', {
      profileConfig: {
        capacityTypes: ['spot', 'spot', 'reserved'],
        instanceFamilies: ['M6I'],
        consolidationPolicy: 'Never',
        expireAfter: 30,
        limits: { cpu: 0, memory: 1, gpu: 2 },
        zone: 'eu-west-3a',
      },
    });
    expect(answer.violations).toEqual([
      {
        code: 'TOO_MANY_ITEMS',
        fieldPath: 'capacityTypes',
        message: 'capacityTypes must have at most 2 items.',
      },
      {
        code: 'DUPLICATE_ITEMS',
        fieldPath: 'capacityTypes',
        message: 'capacityTypes must not repeat an item.',
      },
      {
        code: 'VALUE_NOT_ALLOWED',
        fieldPath: 'capacityTypes[2]',
        message: 'capacityTypes[2] must be one of: spot, on-demand.',
      },
      {
        code: 'PATTERN_MISMATCH',
        fieldPath: 'instanceFamilies[0]',
        message: 'instanceFamilies[0] must match the pattern ^[a-z][a-z0-9]*$.',
      },
      {
        code: 'VALUE_NOT_ALLOWED',
        fieldPath: 'consolidationPolicy',
        message:
          'consolidationPolicy must be one of: WhenEmpty, WhenUnderutilized, WhenEmptyOrUnderutilized.',
      },
      {
        code: 'TYPE_MISMATCH',
        fieldPath: 'expireAfter',
        message: 'expireAfter must be a duration such as 720h or 1h30m.',
      },
      { code: 'OUT_OF_RANGE', fieldPath: 'limits.cpu', message: 'limits.cpu must be between 1 and 10000.' },
      { code: 'TYPE_MISMATCH', fieldPath: 'limits.memory', message: 'limits.memory must be a string.' },
      {
        code: 'UNKNOWN_FIELD',
        fieldPath: 'limits.gpu',
        message:
          'limits.gpu is not a known field here (known fields: cpu, memory). Remove it or fix its name.',
      },
      {
        code: 'UNKNOWN_FIELD',
        fieldPath: 'zone',
        message:
          'zone is not a known field here (known fields: capacityTypes, consolidationPolicy, expireAfter, instanceFamilies, limits). Remove it or fix its name.',
      },
    ]);
  });

  it('reports required fields, lengths and never the value of a sensitive field', async () => {
    const answer = await resolve('observability', {
      profileConfig: { retentionDays: 400, grafanaAdminPassword: 'hunter2' },
      clusterInputs: { s3BucketName: 'Bad_Bucket', region: 'eu-west-3' },
    });
    expect(answer.violations).toEqual([
      {
        code: 'OUT_OF_RANGE',
        fieldPath: 'retentionDays',
        message: 'retentionDays must be between 1 and 365.',
      },
      { code: 'REQUIRED', fieldPath: 'storage', message: 'storage is required: set a value for it.' },
      {
        code: 'TOO_SHORT',
        fieldPath: 'grafanaAdminPassword',
        message: 'grafanaAdminPassword must be at least 12 characters long.',
      },
      {
        code: 'PATTERN_MISMATCH',
        fieldPath: 'clusterInputs.s3BucketName',
        message: 'clusterInputs.s3BucketName must match the pattern ^[a-z0-9][a-z0-9.-]*[a-z0-9]$.',
      },
      {
        code: 'UNKNOWN_FIELD',
        fieldPath: 'clusterInputs.region',
        message:
          'clusterInputs.region is not an input of observability (its cluster inputs: s3BucketName). Remove it or fix its name.',
      },
    ]);
    expect(JSON.stringify(answer)).not.toContain('hunter2');
    expect(answer.fields.find((f) => f.key === 'grafanaAdminPassword')?.sensitive).toBe(true);
  });

  it('marks a cluster requirement MISSING when the input is absent and READY when given', async () => {
    const missing = await resolve('observability', {
      profileConfig: { retentionDays: 30, storage: '200Gi', grafanaAdminPassword: 'a-long-enough-secret' },
    });
    expect(missing.requirements).toMatchObject([
      { key: 's3BucketName', scope: 'CLUSTER', status: 'MISSING' },
    ]);
    expect(missing.violations).toEqual([]);
    const ready = await resolve('observability', {
      profileConfig: { retentionDays: 30, storage: '200Gi', grafanaAdminPassword: 'a-long-enough-secret' },
      clusterInputs: { s3BucketName: 'acme-observability' },
    });
    expect(ready.requirements).toMatchObject([{ key: 's3BucketName', status: 'READY' }]);
  });

  it('answers the catalog bindings', async () => {
    const answer = await resolve('external-dns', { profileConfig: { txtOwnerId: 'prod-eu' } });
    expect(answer.componentBindings).toEqual([
      { input: 'zoneId', fromComponent: 'ingress-nginx', output: 'hostedZoneId' },
    ]);
  });

  it.each([
    [resolvePath('karpenter', 'clusterMode=QOVERY_MANAGED'), 400, 'cloudProvider: is required'],
    [resolvePath('karpenter', 'cloudProvider=AWS'), 400, 'clusterMode: is required'],
    [
      resolvePath('karpenter', 'clusterMode=SERVICE_MANAGED&cloudProvider=AWS'),
      400,
      'clusterMode: must be one of',
    ],
    [
      resolvePath('karpenter', CONTEXT, '1.4.0', 'gcp-standard'),
      404,
      'platform template gcp-standard not found',
    ],
    [
      resolvePath('karpenter', CONTEXT, '9.9.9'),
      404,
      'version 9.9.9 of platform template aws-standard not found (versions: 1.4.0, 1.3.2)',
    ],
    [
      resolvePath('karpenter', CONTEXT, '1.5.0-rc.1'),
      404,
      'version 1.5.0-rc.1 of platform template aws-standard',
    ],
    [resolvePath('keda'), 404, 'component keda not found in platform template aws-standard 1.4.0'],
    [resolvePath('observability', CONTEXT, '1.3.2'), 404, 'component observability not found'],
    [
      resolvePath('observability', 'clusterMode=CUSTOMER_MANAGED&cloudProvider=AWS'),
      404,
      'component observability of platform template aws-standard 1.4.0 does not apply to CUSTOMER_MANAGED clusters on AWS',
    ],
    [
      resolvePath('karpenter', 'clusterMode=QOVERY_MANAGED&cloudProvider=GCP'),
      404,
      'does not apply to QOVERY_MANAGED clusters on GCP',
    ],
  ])('answers %s with %i', async (path, status, message) => {
    const answer = await callSandbox(sandbox(), 'POST', path, { body: {} });
    expect(answer.status).toBe(status);
    expect((answer.body as { message: string }).message).toContain(message);
  });

  it.each([
    [undefined, 'the request body is required'],
    [[], 'the request body must be a JSON object'],
    [{ profileConfig: [] }, 'profileConfig: must be an object'],
    [{ clusterInputs: { s3BucketName: 42 } }, 'clusterInputs.s3BucketName: must be a string'],
    [
      { componentOutputs: { 'ingress-nginx': { hostedZoneId: 1 } } },
      'componentOutputs.ingress-nginx.hostedZoneId: must be a string',
    ],
  ])('answers 400 for the body %j', async (body, message) => {
    const answer = await callSandbox(sandbox(), 'POST', resolvePath('observability'), { body });
    expect(answer.status).toBe(400);
    expect((answer.body as { message: string }).message).toBe(message);
  });
});
