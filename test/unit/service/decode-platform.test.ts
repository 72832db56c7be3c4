import { describe, expect, it } from 'vitest';
import { decodePlatformTemplates, decodeResolveResponse } from '../../../src/service/decode/platform.js';
import type { DecodeContext } from '../../../src/service/decode/read.js';
import { Notices } from '../../../src/service/notices.js';

function context(): DecodeContext {
  return { operation: 'getAlertRules', notices: new Notices() };
}

const scalar = (key: string, extra: object = {}) => ({
  key,
  type: 'string',
  required: true,
  label: key,
  sensitive: false,
  constraints: {
    allowedValues: null,
    min: null,
    max: null,
    minLength: 1,
    maxLength: 63,
    pattern: '^[a-z]+$',
  },
  ...extra,
});

describe('platform component resolution at the boundary', () => {
  const resolve = {
    componentKey: 'observability',
    fields: [
      scalar('retention', { format: 'duration', templates: [{ id: 't', label: 'T', value: '7d' }] }),
      scalar('grafanaAdminPassword', { sensitive: true, constraints: {} }),
      {
        key: 'storage',
        type: 'object',
        required: false,
        label: 'Storage',
        sensitive: false,
        fields: [
          scalar('size'),
          { key: 'mystery', type: 'map', sensitive: true, required: false, label: 'M' },
        ],
      },
      {
        key: 'nodePools',
        type: 'array',
        required: false,
        label: 'Pools',
        sensitive: false,
        constraints: { minItems: 1, maxItems: null, uniqueItems: true },
        items: { type: 'object', fields: [scalar('name')] },
        itemFields: [[scalar('name')]],
      },
      {
        key: 'tags',
        type: 'array',
        required: false,
        label: 'Tags',
        sensitive: false,
        constraints: { uniqueItems: false },
        items: { type: 'tuple' },
      },
    ],
    requirements: [{ ...scalar('s3BucketName'), scope: 'CLUSTER', status: 'MISSING' }],
    componentBindings: [{ input: 'zoneId', fromComponent: 'ingress-nginx', output: 'hostedZoneId' }],
    violations: [{ code: 'REQUIRED', fieldPath: 'clusterInputs.s3BucketName', message: 'Provide it.' }],
  };

  it('reads every descriptor kind and keeps unknown kinds, nested ones too', () => {
    const ctx = context();
    const decoded = decodeResolveResponse(resolve, ctx);
    expect(decoded.fields[0]).toMatchObject({
      key: 'retention',
      type: 'string',
      format: 'duration',
      templates: [{ id: 't' }],
    });
    expect(decoded.fields[1]).toMatchObject({
      key: 'grafanaAdminPassword',
      sensitive: true,
      constraints: {},
    });
    expect(decoded.fields[2]).toMatchObject({
      type: 'object',
      fields: [{ key: 'size' }, { key: 'mystery', type: 'map', sensitive: true, unknownKind: true }],
    });
    expect(decoded.fields[3]).toMatchObject({
      type: 'array',
      constraints: { minItems: 1, maxItems: null, uniqueItems: true },
      items: { type: 'object', fields: [{ key: 'name' }] },
      itemFields: [[{ key: 'name' }]],
    });
    expect(decoded.fields[4]).toEqual({
      key: 'tags',
      type: 'array of tuple',
      sensitive: false,
      unknownKind: true,
    });
    expect(decoded.requirements[0]).toMatchObject({
      key: 's3BucketName',
      scope: 'CLUSTER',
      status: 'MISSING',
    });
    expect(decoded.componentBindings).toEqual(resolve.componentBindings);
    expect(decoded.violations).toEqual(resolve.violations);
    expect(ctx.notices.list()).toEqual([
      expect.stringMatching(/unknown type "map"/),
      expect.stringMatching(/unknown type "array of tuple"/),
    ]);
  });

  it('insists on `sensitive`: a descriptor without it cannot be shown safely', () => {
    const broken = { ...resolve, fields: [{ ...scalar('x'), sensitive: undefined }] };
    expect(() => decodeResolveResponse(broken, context())).toThrow("'fields[0].sensitive'");
  });

  it('reads a requirement of an unknown type as a string', () => {
    const ctx = context();
    const decoded = decodeResolveResponse(
      {
        ...resolve,
        fields: [],
        requirements: [{ ...scalar('arn', { type: 'secretRef' }), scope: 'CLUSTER', status: 'PENDING' }],
      },
      ctx,
    );
    expect(decoded.requirements[0]).toMatchObject({ type: 'string', status: 'PENDING' });
    expect(ctx.notices.list()).toHaveLength(2);
  });

  it('reads the template catalog', () => {
    const templates = decodePlatformTemplates(
      {
        results: [
          {
            key: 'aws-standard',
            version: '1.4.0',
            status: 'PUBLISHED',
            layers: [
              {
                key: 'core',
                mandatory: true,
                enabledByDefault: true,
                modes: ['QOVERY_MANAGED'],
                componentKeys: ['karpenter'],
                components: [],
              },
            ],
          },
        ],
      },
      context(),
    );
    expect(templates).toEqual([
      {
        key: 'aws-standard',
        version: '1.4.0',
        status: 'PUBLISHED',
        layers: [
          {
            key: 'core',
            mandatory: true,
            modes: ['QOVERY_MANAGED'],
            providers: null,
            componentKeys: ['karpenter'],
          },
        ],
      },
    ]);
  });
});
