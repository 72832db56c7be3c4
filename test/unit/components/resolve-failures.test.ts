import { type AddressInfo, createServer } from 'node:net';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../src/sandbox/index.js';
import { startSandbox } from '../../../src/sandbox/index.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { ACME, edit, exampleFiles, runResolve } from './sandbox-run.js';

const sandbox = useSandbox({ rateLimit: false });
const RESOLVE = 'resolvePlatformTemplateComponentConfiguration';
const LIST = 'listPlatformTemplates';
const KARPENTER = 'components/prod-eu/karpenter.yaml';
const OBS = 'components/prod-eu/observability.yaml';
const CERT = 'components/prod-eu/cert-manager.yaml';

beforeEach(() => {
  sandbox().resetLog();
  sandbox().setFaults({});
});

const where = (d: { file: string; line: number; column: number }) => `${d.file}:${d.line}:${d.column}`;
const errors = (report: { diagnostics: readonly { severity: string }[] }) =>
  report.diagnostics.filter((d) => d.severity === 'error') as unknown as {
    file: string;
    line: number;
    column: number;
    code: string;
    message: string;
  }[];

describe('a component the catalog does not have (404)', () => {
  it('is an error at the template, version or component line, explained from one template list', async () => {
    let head = edit(exampleFiles(), KARPENTER, 'key: aws-standard', 'key: aws-standrd');
    head = edit(head, OBS, 'version: 1.4.0', 'version: 1.3.2');
    head = edit(head, CERT, 'version: 1.4.0', 'version: 1.5.0-rc.1');
    const { report } = await runResolve(sandbox(), { head });
    expect(sandbox().count(LIST)).toBe(1);
    expect(sandbox().count(RESOLVE)).toBe(5);
    const found = errors(report);
    expect(found.map((d) => [where(d), d.code])).toEqual([
      [`${CERT}:6:3`, 'component.not-found'],
      [`${KARPENTER}:6:3`, 'component.not-found'],
      [`${OBS}:8:1`, 'component.not-found'],
    ]);
    expect(found[0]!.message).toBe(
      'Platform template `aws-standard` has no version `1.5.0-rc.1`. Versions: 1.4.0 (PUBLISHED), 1.3.2 (DEPRECATED).',
    );
    expect(found[1]!.message).toBe(
      `Platform template \`aws-standrd\` does not exist in organization ${ACME}. Did you mean \`aws-standard\`? ` +
        'Templates: aws-standard, scw-starter.',
    );
    expect(found[2]!.message).toBe(
      'Component `observability` is not part of platform template aws-standard 1.3.2. ' +
        'Components: cert-manager, external-dns, ingress-nginx, karpenter.',
    );
    expect(report.results.filter((r) => r.status === 'failed').map((r) => r.reason)).toEqual([
      'Not in the catalog (HTTP 404).',
      'Not in the catalog (HTTP 404).',
      'Not in the catalog (HTTP 404).',
    ]);
  });

  it('suggests the nearest component name', async () => {
    const head = edit(exampleFiles(), KARPENTER, 'component: karpenter', 'component: karpentr');
    const { report } = await runResolve(sandbox(), { head });
    const [d] = errors(report);
    expect(where(d!)).toBe(`${KARPENTER}:8:1`);
    expect(d!.message).toContain('Did you mean `karpenter`?');
  });

  it('quotes the service when the template list cannot be read either', async () => {
    sandbox().setFaults({ script: [{ operation: LIST, status: 403, body: { message: 'catalog hidden' } }] });
    const head = edit(exampleFiles(), KARPENTER, 'component: karpenter', 'component: karpentr');
    const { report } = await runResolve(sandbox(), { head });
    const [d] = errors(report);
    expect(where(d!)).toBe(`${KARPENTER}:8:1`);
    expect(d!.message).toMatch(
      /^The service does not know component `karpentr` of aws-standard 1\.4\.0 \(HTTP 404/,
    );
    expect(d!.message).toContain('The template list could not be read');
  });
});

describe('a catalog that stays unavailable (503)', () => {
  it('is a clear error on that component after the client retries, and the others are still reported', async () => {
    sandbox().setFaults({ script: [{ operation: RESOLVE, id: 'observability', status: 503, times: 10 }] });
    const head = edit(exampleFiles(), KARPENTER, 'cpu: 400', 'cpu: 0');
    const { report } = await runResolve(sandbox(), { head });
    const observabilityAttempts = sandbox().requests.filter(
      (r) => r.operation === RESOLVE && r.path.endsWith('/observability/resolve'),
    ).length;
    expect(observabilityAttempts).toBeGreaterThan(1);
    const found = errors(report);
    expect(found.map((d) => [where(d), d.code])).toEqual([
      [`${KARPENTER}:19:5`, 'OUT_OF_RANGE'],
      [`${OBS}:8:1`, 'component.catalog-unavailable'],
    ]);
    expect(found[1]!.message).toMatch(/^Catalog unavailable: .*observability.*run the job again later\.$/);
    expect(report.results.map((r) => r.status)).toEqual([
      'resolved',
      'resolved',
      'resolved',
      'resolved',
      'failed',
    ]);
  });
});

describe('a request the service rejects', () => {
  it('shows the service message on the document for a 400', async () => {
    sandbox().setFaults({
      script: [
        {
          operation: RESOLVE,
          id: 'karpenter',
          status: 400,
          body: { detail: 'limits.cpu must be an integer' },
        },
      ],
    });
    const { report } = await runResolve(sandbox(), { head: exampleFiles() });
    const [d] = errors(report);
    expect([where(d!), d!.code]).toEqual([`${KARPENTER}:8:1`, 'component.bad-request']);
    expect(d!.message).toBe(
      'The service rejected component `karpenter` of aws-standard 1.4.0 (HTTP 400): limits.cpu must be an integer.',
    );
  });
});

describe('a token the service refuses', () => {
  it('stops after a 401 and reports it once, with the hint', async () => {
    const { report } = await runResolve(sandbox(), {
      head: exampleFiles(),
      token: 'qov_not_a_token',
      concurrency: 1,
    });
    expect(sandbox().count(RESOLVE)).toBe(1);
    const found = errors(report);
    expect(found).toHaveLength(1);
    expect(found[0]!.code).toBe('component.access-denied');
    expect(found[0]!.message).toContain('401');
    expect(found[0]!.message).not.toContain('qov_not_a_token');
    expect(report.results.every((r) => r.status === 'failed')).toBe(true);
  });

  it('stops asking about an organization after a 403', async () => {
    const { report } = await runResolve(sandbox(), {
      head: exampleFiles(),
      token: 'qov_sandbox_globex_token',
      concurrency: 1,
    });
    expect(sandbox().count(RESOLVE)).toBe(1);
    // One finding about the organization the token cannot read, not an "access denied" per component.
    expect(errors(report).map((d) => [d.code, d.file])).toEqual([['service.organization-denied', '']]);
    expect(report.results.every((r) => r.status === 'failed')).toBe(true);
  });
});

describe('a spent rate limit', () => {
  it('stops sending once the client gives up on a 429, and says so once', async () => {
    const limited = await startSandbox({ rateLimit: { limit: 2, windowMs: 3_600_000 } });
    try {
      const { report } = await runResolve(limited, { head: exampleFiles(), concurrency: 1 });
      const found = errors(report);
      expect(found.map((d) => d.code)).toEqual(['component.rate-limited']);
      expect(found[0]!.message).toContain('run the job again after the limit resets');
      expect(report.results.map((r) => r.status)).toEqual([
        'resolved',
        'resolved',
        'failed',
        'failed',
        'failed',
      ]);
      // The client knows the budget is spent from the headers and sends nothing it cannot afford; the
      // other components are not even offered to it.
      expect(report.results[2]?.reason).toBe('Rate limit reached (budget).');
      expect(limited.count('resolvePlatformTemplateComponentConfiguration')).toBe(2);
    } finally {
      await limited.close();
    }
  });

  it('stops sending after a 429 the client could not wait out', async () => {
    sandbox().setFaults({
      script: [{ operation: RESOLVE, status: 429, headers: { 'retry-after': '7200' }, times: 10 }],
    });
    const { report } = await runResolve(sandbox(), { head: exampleFiles(), concurrency: 1 });
    expect(sandbox().count(RESOLVE)).toBe(1);
    expect(errors(report).map((d) => d.code)).toEqual(['component.rate-limited']);
    expect(new Set(report.results.map((r) => r.reason))).toEqual(new Set(['Rate limit reached (HTTP 429).']));
  });
});

describe('a document without an organization', () => {
  it('is an error that says how to set one, and nothing is sent for it', async () => {
    const head = edit(exampleFiles(), KARPENTER, `organization_id: ${ACME}\n`, '');
    const { report } = await runResolve(sandbox(), { head });
    expect(sandbox().count(RESOLVE)).toBe(4);
    const [d] = errors(report);
    expect([where(d!), d!.code]).toEqual([`${KARPENTER}:7:1`, 'component.no-organization']);
    expect(d!.message).toContain('`--org`');
  });

  it('uses the default organization when one is configured', async () => {
    const head = edit(exampleFiles(), KARPENTER, `organization_id: ${ACME}\n`, '');
    const { report } = await runResolve(sandbox(), { head, organizationId: ACME });
    expect(errors(report)).toEqual([]);
    expect(sandbox().count(RESOLVE)).toBe(5);
  });
});

describe('a service out of reach', () => {
  it('stops after the first resolve the client could not deliver, and reports it once', async () => {
    // A port that accepts connections and drops them at once: no HTTP answer, ever.
    let connections = 0;
    const server = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address() as AddressInfo;
    try {
      const unreachable = { url: `http://127.0.0.1:${port}`, token: sandbox().token } as Sandbox;
      const { report } = await runResolve(unreachable, { head: exampleFiles(), concurrency: 1 });
      const found = errors(report);
      expect(found.map((d) => d.code)).toEqual(['component.service-unreachable']);
      expect(found[0]!.message).toContain('Components not resolved yet in this run were not sent.');
      expect(report.results.map((r) => r.reason)).toEqual(
        Array.from({ length: 5 }, () => 'Service unreachable (network).'),
      );
      // The client's own attempts for the first document, and nothing for the four others.
      expect(connections).toBeGreaterThanOrEqual(1);
      expect(connections).toBeLessThanOrEqual(4);
    } finally {
      await new Promise((done) => server.close(done));
    }
  });
});
