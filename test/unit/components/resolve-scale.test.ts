import { beforeEach, describe, expect, it } from 'vitest';
import { useSandbox } from '../../helpers/sandbox.js';
import { edit, exampleFiles, PROD_EU, runResolve } from './sandbox-run.js';

const sandbox = useSandbox({ rateLimit: false });
const RESOLVE = 'resolvePlatformTemplateComponentConfiguration';
const CLUSTERS = 40;

beforeEach(() => {
  sandbox().resetLog();
});

/**
 * 200 component documents: the example's five for 40 clusters, each cluster with its own values (so that
 * no two documents ask the same question and nothing is saved by sharing answers).
 */
function repository(): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < CLUSTERS; i++) {
    const name = `cluster-${String(i).padStart(2, '0')}`;
    const clusterId = `c1a5e7e0-0000-4000-8000-${String(1000 + i).padStart(12, '0')}`;
    for (const [path, text] of Object.entries(exampleFiles())) {
      files[path.replace('prod-eu', name)] = text
        .replace(PROD_EU, clusterId)
        .replace('txtOwnerId: prod-eu', `txtOwnerId: ${name}`)
        .replace('replicas: 3\n', `replicas: ${1 + (i % 20)}\n`)
        .replace('hostedZoneName: acme.example', `hostedZoneName: ${name}.acme.example`)
        .replace('acmeEmail: platform@acme.example', `acmeEmail: platform+${name}@acme.example`)
        .replace('retentionDays: 30', `retentionDays: ${30 + i}`)
        .replace('cpu: 400', `cpu: ${400 + i}`)
        .replace('replicas: 2\n', `replicas: ${1 + (i % 5)}\n`);
    }
  }
  return files;
}

describe('a repository of 200 components', () => {
  it('costs one request per component on a full run, and one or two when one document changes, plus one template list', async () => {
    const base = repository();
    expect(Object.keys(base)).toHaveLength(200);

    const full = await runResolve(sandbox(), { head: base });
    // Plus the organization's template list, read once to tell deprecated template versions.
    expect(full.requests).toBe(201);
    expect(sandbox().count('listPlatformTemplates')).toBe(1);
    expect(full.report.diagnostics.filter((d) => d.severity !== 'notice')).toEqual([]);

    sandbox().resetLog();
    const karpenter = await runResolve(sandbox(), {
      head: edit(base, 'components/cluster-07/karpenter.yaml', 'cpu: 407', 'cpu: 500'),
      base,
    });
    expect(karpenter.requests).toBe(2);
    expect(sandbox().count(RESOLVE)).toBe(1);

    sandbox().resetLog();
    // A producer: its consumer (external-dns, through componentOutputs) is resolved with it.
    const ingress = await runResolve(sandbox(), {
      head: edit(base, 'components/cluster-07/ingress-nginx.yaml', 'replicas: 8', 'replicas: 9'),
      base,
    });
    expect(ingress.requests).toBe(3);
    expect(ingress.report.results.filter((r) => r.status === 'skipped')).toHaveLength(198);
  });
});
