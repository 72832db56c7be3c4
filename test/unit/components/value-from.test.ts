import { beforeEach, describe, expect, it } from 'vitest';
import { parseFiles } from '../../../src/documents/parse.js';
import { formatComponentsText } from '../../../src/report/components-text.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { EXAMPLE_PASSWORD, edit, exampleFiles, runResolve } from './sandbox-run.js';

const sandbox = useSandbox({ rateLimit: false });
const OBS = 'components/prod-eu/observability.yaml';
const REFERENCE = '  grafanaAdminPassword: {valueFrom: {env: GRAFANA_ADMIN_PASSWORD}}\n';
const where = (d: { file: string; line: number; column: number }) => `${d.file}:${d.line}:${d.column}`;

beforeEach(() => {
  sandbox().resetLog();
  sandbox().setFaults({});
});

/** The bodies of the resolve requests the sandbox received for one component. */
function resolveBodies(component: string): unknown[] {
  return sandbox()
    .requests.filter(
      (r) =>
        r.operation === 'resolvePlatformTemplateComponentConfiguration' && r.path.includes(`/${component}/`),
    )
    .map((r) => r.body);
}

describe('valueFrom: {env: NAME}', () => {
  it('sends the variable’s value to the service, hides it, and reports nothing', async () => {
    const secret = 'From-the-env-0042';
    const { report, redactor } = await runResolve(sandbox(), {
      head: exampleFiles(),
      env: { GRAFANA_ADMIN_PASSWORD: secret },
    });
    expect(report.results.find((r) => r.componentKey === 'observability')?.status).toBe('resolved');
    expect(report.diagnostics).toEqual([]);
    // The point of the form: the service is asked with the value, not the reference.
    const [body] = resolveBodies('observability');
    expect(body).toMatchObject({ profileConfig: { grafanaAdminPassword: secret } });
    expect(redactor.redact(`value ${secret}`)).toBe('value ***');
    // The variable's name is not a secret: it stays readable in findings and messages.
    expect(redactor.redact('GRAFANA_ADMIN_PASSWORD')).toBe('GRAFANA_ADMIN_PASSWORD');
  });

  it('hides a value from the environment even when the service quotes it back', async () => {
    const weak = 'Sh0rt-env1';
    sandbox().setFaults({
      script: [
        {
          operation: 'resolvePlatformTemplateComponentConfiguration',
          id: 'observability',
          status: 400,
          body: { message: `profile rejected: grafanaAdminPassword=${weak}` },
        },
      ],
    });
    const { report, redactor } = await runResolve(sandbox(), {
      head: exampleFiles(),
      env: { GRAFANA_ADMIN_PASSWORD: weak },
    });
    const rejected = report.diagnostics.find((d) => d.code === 'component.bad-request');
    expect(rejected?.message).toContain('grafanaAdminPassword=***');
    const outputs = [JSON.stringify(report), formatComponentsText(report.results, { color: false })];
    for (const text of outputs) expect(redactor.redact(text)).not.toContain(weak);
  });

  it.for([
    ['unset', {}],
    ['empty (a workflow secret that does not exist)', { GRAFANA_ADMIN_PASSWORD: '' }],
  ] as const)(
    'a variable that is %s is an error on the field naming it, and nothing is sent',
    async ([, env]) => {
      const { report } = await runResolve(sandbox(), { head: exampleFiles(), env });
      expect(resolveBodies('observability')).toEqual([]);
      const errors = report.diagnostics.filter((d) => d.severity === 'error');
      expect(errors.map((d) => [where(d), d.code])).toEqual([[`${OBS}:16:3`, 'component.env-missing']]);
      expect(errors[0]!.message).toContain('`GRAFANA_ADMIN_PASSWORD`');
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a workflow expression, not a template
      expect(errors[0]!.message).toContain('${{ secrets.GRAFANA_ADMIN_PASSWORD }}');
      const result = report.results.find((r) => r.componentKey === 'observability');
      expect(result?.status).toBe('failed');
      expect(result?.reason).toContain('GRAFANA_ADMIN_PASSWORD');
      // The other documents are resolved as usual.
      expect(report.results.filter((r) => r.status === 'resolved')).toHaveLength(4);
    },
  );

  it('works for a cluster input too', async () => {
    const head = edit(
      exampleFiles(),
      OBS,
      '  s3BucketName: acme-prod-eu-observability',
      '  s3BucketName: {valueFrom: {env: OBS_BUCKET}}',
    );
    const { report } = await runResolve(sandbox(), {
      head,
      env: { GRAFANA_ADMIN_PASSWORD: EXAMPLE_PASSWORD, OBS_BUCKET: 'acme-from-env-bucket' },
    });
    expect(report.diagnostics).toEqual([]);
    const [body] = resolveBodies('observability');
    expect(body).toMatchObject({ clusterInputs: { s3BucketName: 'acme-from-env-bucket' } });
  });
});

describe('a literal value in a sensitive field', () => {
  it('is a warning on the field that says how to move it out of git', async () => {
    const head = edit(exampleFiles(), OBS, REFERENCE, `  grafanaAdminPassword: ${EXAMPLE_PASSWORD}\n`);
    const { report, redactor } = await runResolve(sandbox(), { head, env: {} });
    expect(report.diagnostics.map((d) => [where(d), d.severity, d.code])).toEqual([
      [`${OBS}:16:3`, 'warning', 'component.sensitive-literal'],
    ]);
    const [warning] = report.diagnostics;
    expect(warning!.message).toContain('`profileConfig.grafanaAdminPassword` is sensitive');
    expect(warning!.message).toContain('grafanaAdminPassword: {valueFrom: {env: GRAFANA_ADMIN_PASSWORD}}');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a workflow expression, not a template
    expect(warning!.message).toContain('env: GRAFANA_ADMIN_PASSWORD: ${{ secrets.GRAFANA_ADMIN_PASSWORD }}');
    expect(warning!.message).not.toContain(EXAMPLE_PASSWORD);
    expect(redactor.redact(EXAMPLE_PASSWORD)).toBe('***');
  });

  it('is not reported for a document the run did not resolve', async () => {
    const base = edit(exampleFiles(), OBS, REFERENCE, `  grafanaAdminPassword: ${EXAMPLE_PASSWORD}\n`);
    // Only cert-manager changed: observability is skipped, and its literal is not this change’s finding.
    const head = edit(
      base,
      'components/prod-eu/cert-manager.yaml',
      'platform@acme.example',
      'ops@acme.example',
    );
    const { report } = await runResolve(sandbox(), { head, base, env: {} });
    expect(report.results.find((r) => r.componentKey === 'observability')?.status).toBe('skipped');
    expect(report.diagnostics.filter((d) => d.code === 'component.sensitive-literal')).toEqual([]);
  });
});

describe('the document schema', () => {
  const load = (value: string) =>
    parseFiles([
      {
        path: 'o.yaml',
        bytes: new TextEncoder().encode(
          `kind: PlatformComponent\ntemplate: {key: k, version: '1'}\ncomponent: c\n` +
            `cluster: {mode: QOVERY_MANAGED, provider: AWS}\n${value}\n`,
        ),
      },
    ]).diagnostics.map((d) => `${d.line}:${d.column} ${d.code}`);

  it('accepts a reference in a profile field at any depth and in a cluster input', () => {
    expect(load('profileConfig:\n  a: {valueFrom: {env: A_1}}\n  b: {c: [{valueFrom: {env: _B}}]}')).toEqual(
      [],
    );
    expect(load('clusterInputs:\n  a: {valueFrom: {env: A}}')).toEqual([]);
  });

  it.for([
    ['a name that is not a variable name', 'profileConfig:\n  a: {valueFrom: {env: "A-B"}}'],
    ['a source other than env', 'profileConfig:\n  a: {valueFrom: {file: /etc/x}}'],
    ['a key beside valueFrom', 'profileConfig:\n  a: {valueFrom: {env: A}, other: 1}'],
    ['a nested bad reference', 'profileConfig:\n  a: {b: {valueFrom: {env: ""}}}'],
    ['a cluster input object that is not a reference', 'clusterInputs:\n  a: {env: A}'],
  ] as const)('refuses %s on its line', ([, value]) => {
    const found = load(value);
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]).toMatch(/^6:/);
  });
});
