/**
 * The contract test: the service client drives the sandbox through every operation it uses, through a
 * recording proxy, and every request and every answer is validated against the service's published
 * description (read from SERVICE_OPENAPI_PATH when set, else from `../shared/reference/service-openapi.yaml`
 * beside the repository; never copied into it). Without that file the test says it was skipped; with
 * CI=true a missing file fails.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a script of the project, plain JavaScript without declarations
import { verifyDescription } from '../../scripts/service-description.mjs';
import { createServiceClient } from '../../src/service/client.js';
import type { ServiceClient } from '../../src/service/types.js';
import { OPERATION_IDS } from '../../src/service/types.js';
import { FakeClock } from '../helpers/fake-clock.js';
import { useSandbox } from '../helpers/sandbox.js';
import { Contract, DESCRIPTION_PATH, descriptionAvailable, type Exchange } from './openapi-contract.js';
import { type RecordingProxy, startRecordingProxy } from './recording-proxy.js';

const ACME = '7f1b2c3d-0000-4000-8000-000000000001';
const GLOBEX = '7f1b2c3d-0000-4000-8000-000000000002';
const UNKNOWN_ORG = '7f1b2c3d-0000-4000-8000-0000000000ff';
const PROD_EU = 'c1a5e7e0-0000-4000-8000-000000000101';
const STAGING_EU = 'c1a5e7e0-0000-4000-8000-000000000102';
const LEGACY_US = 'c1a5e7e0-0000-4000-8000-000000000103';
const RULE_501 = 'a2a2a2a2-0000-4000-8000-000000000501';
const UNKNOWN_RULE = 'a2a2a2a2-0000-4000-8000-0000000005ff';
const SLACK_ONCALL = '5e1ec7ed-0000-4000-8000-000000000201';
const GLOBEX_RECEIVER = '5e1ec7ed-0000-4000-8000-000000000211';
const UNKNOWN_RECEIVER = '5e1ec7ed-0000-4000-8000-0000000002ff';
const APP = 'a1a1a1a1-0000-4000-8000-000000000301';
const SHOP = 'b0b0b0b0-0000-4000-8000-000000000601';
const PORTAL = 'b0b0b0b0-0000-4000-8000-000000000611';
const PRODUCTION = 'e0e0e0e0-0000-4000-8000-000000000401';

/**
 * The one deliberate departure, documented in docs/reference/sandbox.md: the catalog serves a field descriptor of a
 * kind the description does not list (`duration`), so that clients prove they tolerate new kinds. Such
 * descriptors are taken out of answers before validation, and counted (the departure must stay there).
 */
const UNKNOWN_FIELD_KIND = 'duration';

const present = descriptionAvailable();
const inCi = process.env.CI === 'true';

describe('the sandbox and the client against the published description', () => {
  if (!present) {
    if (inCi) {
      it('has the published description', () => {
        expect.fail(
          `${DESCRIPTION_PATH} is absent: CI must run the contract test, not skip it (set SERVICE_OPENAPI_PATH ` +
            "to the service's description, docs/decisions/service-description-in-ci.md)",
        );
      });
    } else {
      it.skip(`skipped: ${DESCRIPTION_PATH} is absent (set CI=true to make that a failure)`, () => {});
      console.warn(`contract test skipped: ${DESCRIPTION_PATH} is absent`);
    }
    return;
  }

  const sandbox = useSandbox({ rateLimit: false });
  let proxy: RecordingProxy;
  const clients: { close(): Promise<void> }[] = [];

  beforeAll(async () => {
    proxy = await startRecordingProxy(sandbox().url);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await proxy?.close();
  });

  function client(token = sandbox().token): ServiceClient {
    const created = createServiceClient({
      apiUrl: proxy.url,
      token,
      clock: new FakeClock(),
      random: () => 0.5,
      retry: { maxAttempts: 1 },
    });
    clients.push(created);
    return created;
  }

  it('reads the description the repository pins (test/contract/service-openapi.sha256)', () => {
    // Whether read beside the repository or fetched from the service: the test proves the pinned one.
    expect(() => verifyDescription(readFileSync(DESCRIPTION_PATH, 'utf8'), DESCRIPTION_PATH)).not.toThrow();
  });

  it('is not vacuous: it refuses what the description does not allow', () => {
    const contract = Contract.load();
    const path = `/alert-rules/${RULE_501}`;
    const managed = {
      id: RULE_501,
      created_at: '2026-11-01T00:00:00Z',
      source: 'MANAGED',
      name: 'n',
      state: 'OK',
      organization_id: ACME,
      cluster_id: PROD_EU,
      target: { target_type: ' CLUSTER', target_id: PROD_EU },
      description: '',
      tag: '',
      condition: { kind: 'CUSTOM', promql: 'up' },
      for_duration: 'PT5M',
      severity: 'LOW',
      enabled: true,
      alert_receiver_ids: [SLACK_ONCALL],
      presentation: { summary: null, runbook_url: null },
      is_up_to_date: true,
    };
    const answer = (body: unknown, status = 200, method = 'GET', at = path): Exchange => ({
      method,
      path: at,
      query: {},
      contentType: undefined,
      requestBody: undefined,
      status,
      answerBody: body,
    });
    expect(contract.checkAnswer(answer(managed))).toEqual([]);
    expect(contract.checkAnswer(answer({ ...managed, updated_at: null }))).not.toEqual([]);
    expect(contract.checkAnswer(answer({ ...managed, starts_at: null }))).not.toEqual([]);
    expect(
      contract.checkAnswer(answer({ ...managed, target: { target_type: 'CLUSTER', target_id: PROD_EU } })),
    ).not.toEqual([]);
    expect(contract.checkAnswer(answer(managed, 500))).toEqual([
      'getAlertRule answered 500, a status it does not declare',
    ]);
    const list = `/organization/${ACME}/alert-rules`;
    const ghost = { source: 'GHOST', name: 'g', state: 'TRIGGERED', target: null, starts_at: null };
    expect(contract.checkAnswer(answer({ results: [managed, ghost] }, 200, 'GET', list))).toEqual([]);
    const { is_up_to_date: _, ...incomplete } = managed;
    expect(contract.checkAnswer(answer({ results: [incomplete] }, 200, 'GET', list))).not.toEqual([]);
    const request = (body: unknown, contentType = 'application/json'): Exchange => ({
      ...answer(undefined, 200, 'PUT'),
      contentType,
      requestBody: body,
    });
    const {
      id: _id,
      created_at: _c,
      source: _s,
      state: _st,
      organization_id: _o,
      cluster_id: _cl,
      target: _t,
      is_up_to_date: _u,
      ...edit
    } = managed;
    expect(contract.checkRequest(request(edit))).toEqual([]);
    expect(contract.checkRequest(request(edit, 'text/plain'))).not.toEqual([]);
    expect(
      contract.checkRequest(
        request({ ...edit, condition: { kind: 'CUSTOM', promql: 'up', operator: null } }),
      ),
    ).not.toEqual([]);
    expect(contract.checkRequest(request({ ...edit, for_duration: 'PT0.5S' }))).not.toEqual([]);
    expect(contract.checkRequest(request({ ...edit, alert_receiver_ids: [] }))).not.toEqual([]);
  });

  it('validates every request and every answer of every operation the client uses', async () => {
    const service = client();
    // Alert rules and receivers.
    await service.getAlertRules(ACME);
    // A 403 refuses the token for the rest of the client's run: each refusal gets a client of its own.
    await refused(client().getAlertRules(GLOBEX));
    await refused(service.getAlertRules(UNKNOWN_ORG));
    const rule = await service.getAlertRule(RULE_501);
    await refused(service.getAlertRule(UNKNOWN_RULE));
    const receivers = await service.getAlertReceivers(ACME);
    expect(receivers.length).toBeGreaterThan(0);
    const edit = {
      name: rule.name,
      description: rule.description,
      tag: 'contract',
      condition: { kind: 'CUSTOM' as const, promql: 'sum(up)', operator: 'ABOVE' as const, threshold: 1 },
      for_duration: 'PT10M',
      severity: 'HIGH' as const,
      enabled: true,
      alert_receiver_ids: [SLACK_ONCALL],
      presentation: { summary: 'contract', runbook_url: 'mailto:oncall@acme.example' },
    };
    await service.editAlertRule(RULE_501, edit);
    await service.editAlertRule(RULE_501, {
      ...edit,
      presentation: {},
      condition: { kind: 'CUSTOM', promql: 'up' },
    });
    await refused(service.editAlertRule(RULE_501, { ...edit, alert_receiver_ids: [GLOBEX_RECEIVER] }));
    await refused(service.editAlertRule(UNKNOWN_RULE, edit));
    const created = [];
    for (const target of [
      { target_type: 'CLUSTER' as const, target_id: PROD_EU },
      { target_type: 'APPLICATION' as const, target_id: APP },
    ]) {
      created.push(
        await service.createAlertRule({
          ...edit,
          name: `contract-${target.target_type}`,
          organization_id: ACME,
          cluster_id: PROD_EU,
          target,
        }),
      );
    }
    await refused(
      service.createAlertRule({
        ...edit,
        organization_id: ACME,
        cluster_id: PROD_EU,
        target: { target_type: 'CLUSTER', target_id: PROD_EU },
        alert_receiver_ids: [GLOBEX_RECEIVER],
      }),
    );
    await service.getAlertRules(ACME);
    for (const rule of created) await service.deleteAlertRule(rule.id);
    await exerciseReceivers(service);
    await refused(service.deleteAlertRule(created[0]!.id));
    await refused(client('qov_not_a_token').getAlertRules(ACME));

    // Platform templates: the catalog, with and without a cluster context, and every component resolved.
    const catalog = await service.listPlatformTemplates(ACME);
    await service.listPlatformTemplates(ACME, { clusterMode: 'QOVERY_MANAGED', cloudProvider: 'AWS' });
    for (const template of catalog) {
      for (const layer of template.layers) {
        const clusterMode = layer.modes[0] as 'QOVERY_MANAGED';
        const cloudProvider = (layer.providers?.[0] ?? 'AWS') as 'AWS';
        for (const componentKey of layer.componentKeys) {
          const params = {
            organizationId: ACME,
            templateKey: template.key,
            templateVersion: template.version,
            componentKey,
            clusterMode,
            cloudProvider,
          };
          await service.resolvePlatformTemplateComponentConfiguration(params, {});
          await service.resolvePlatformTemplateComponentConfiguration(params, {
            profileConfig: { replicas: 'many', retentionDays: 30 },
            clusterInputs: { s3BucketName: 'acme-bucket' },
            componentOutputs: { other: { endpoint: 'https://x.example' } },
          });
        }
      }
    }
    await refused(
      service.resolvePlatformTemplateComponentConfiguration(
        {
          organizationId: ACME,
          templateKey: 'aws-standard',
          templateVersion: '9.9.9',
          componentKey: 'observability',
          clusterMode: 'QOVERY_MANAGED',
          cloudProvider: 'AWS',
        },
        {},
      ),
    );

    // Cluster deployments and logs, on a current cluster and on one served by an older deployment.
    for (const cluster of [PROD_EU, STAGING_EU]) {
      const history = await service.listClusterDeploymentHistoryV2(ACME, cluster, 5);
      await service.listClusterDeploymentHistoryV2(ACME, cluster);
      for (const deployment of history) {
        await service.listClusterDeploymentLogs(ACME, cluster, deployment.identifier.deployment_id);
      }
      await service.listClusterLogs(ACME, cluster);
    }
    await refused(service.listClusterDeploymentHistoryV2(ACME, LEGACY_US, 5));
    await service.listClusterLogs(ACME, LEGACY_US);

    // Cluster metrics: a range query, an instant query, and what Prometheus refuses (its error shape is
    // inside the 200: the operation declares no other status, so only 200 answers are exercised here).
    const end = Math.floor(Date.now() / 1000);
    const range = { endpoint: 'api/v1/query_range', start: String(end - 3600), end: String(end), step: '60' };
    const matrix = await service.getClusterMetrics(PROD_EU, {
      ...range,
      query: 'sum(rate(http_server_requests_total{app="api"}[5m]))',
    });
    expect(JSON.parse(matrix.metrics)).toMatchObject({ status: 'success', data: { resultType: 'matrix' } });
    const vector = await service.getClusterMetrics(STAGING_EU, { endpoint: 'api/v1/query', query: 'up' });
    expect(JSON.parse(vector.metrics)).toMatchObject({ status: 'success', data: { resultType: 'vector' } });
    const tooFine = await service.getClusterMetrics(PROD_EU, { ...range, query: 'up', step: '0.1' });
    expect(JSON.parse(tooFine.metrics)).toMatchObject({ status: 'error', errorType: 'bad_data' });

    // Names of clusters, services, projects and environments. listServicesByOrganizationId declares no
    // refusal status, so only its answers are exercised here (its 403/404 are in the client's tests).
    expect(await service.listOrganizationCluster(ACME)).not.toEqual([]);
    await refused(client().listOrganizationCluster(GLOBEX));
    await refused(service.listOrganizationCluster(UNKNOWN_ORG));
    const services = await service.listServicesByOrganizationId(ACME);
    expect(services.some((s) => s.job_type === 'CRON')).toBe(true);
    await service.listServicesByOrganizationId(ACME, {
      projectId: SHOP,
      environmentId: PRODUCTION,
      clusterId: PROD_EU,
    });
    for (const project of await service.listProject(ACME)) await service.listEnvironment(project.id);
    await refused(service.listProject(UNKNOWN_ORG));
    await refused(client().listEnvironment(PORTAL));

    // Validation of everything that crossed the wire.
    const contract = Contract.load();
    let unknownKinds = 0;
    const problems: string[] = [];
    for (const exchange of proxy.exchanges) {
      problems.push(...contract.checkRequest(exchange));
      const answer = withoutUnknownFieldKinds(exchange);
      unknownKinds += answer.removed;
      problems.push(...contract.checkAnswer(answer.exchange));
    }
    expect(problems).toEqual([]);
    expect(unknownKinds, 'the catalog still serves its deliberate unknown field kind').toBeGreaterThan(0);

    const operations = new Set(
      proxy.exchanges.map((e) => contract.operationFor(e.method, e.path)?.operationId),
    );
    expect([...operations].sort()).toEqual([...OPERATION_IDS].sort());
    const statuses = new Set(proxy.exchanges.map((e) => e.status));
    for (const status of [200, 201, 204, 400, 401, 403, 404]) expect(statuses).toContain(status);
    console.info(
      `contract: ${operations.size} operations, ${proxy.exchanges.length} requests and ${proxy.exchanges.length} answers ` +
        `validated against ${DESCRIPTION_PATH} (statuses ${[...statuses].sort().join(', ')}; ${unknownKinds} descriptors of the deliberate unknown kind set aside)`,
    );
  });
});

/** Runs a call whose refusal is the point: the refusal itself is validated from the recording. */
async function refused(call: Promise<unknown>): Promise<void> {
  await expect(call).rejects.toBeDefined();
}

/**
 * Every receiver operation, both types, with their refusals: a create, an edit that keeps the secret
 * (null) and one that sends it, the two test messages, a read, a delete; each validated from the recording.
 */
async function exerciseReceivers(service: ServiceClient): Promise<void> {
  const common = { description: 'contract', send_resolved: true, owner: 'platform', severity: null };
  const slack = await service.createAlertReceiver(ACME, {
    ...common,
    name: 'contract-slack',
    type: 'SLACK',
    webhook_url: 'https://hooks.slack.example/services/contract',
  });
  const email = await service.createAlertReceiver(ACME, {
    ...common,
    name: 'contract-email',
    type: 'EMAIL',
    to: 'team@acme.example',
    from: 'alerts@acme.example',
    smarthost: 'smtp.acme.example:587',
    auth_username: null,
    auth_password: 'contract-password',
    require_tls: true,
  });
  // Valid against the description, refused by the service: an organization it does not know (400).
  await refused(
    service.createAlertReceiver(UNKNOWN_ORG, {
      ...common,
      name: 'bad',
      type: 'SLACK',
      webhook_url: 'https://hooks.slack.example/x',
    }),
  );
  await service.getAlertReceiver(email.id);
  await refused(service.getAlertReceiver(UNKNOWN_RECEIVER));
  await service.editAlertReceiver(slack.id, {
    ...common,
    name: 'contract-slack',
    type: 'SLACK',
    webhook_url: null,
  });
  await service.editAlertReceiver(email.id, {
    ...common,
    name: 'contract-email',
    type: 'EMAIL',
    to: 'team@acme.example',
    from: 'alerts@acme.example',
    smarthost: 'smtp.acme.example:25',
    auth_username: 'alerts',
    auth_password: 'rotated-password',
    require_tls: false,
  });
  await refused(
    service.editAlertReceiver(UNKNOWN_RECEIVER, { ...common, name: 'x', type: 'SLACK', webhook_url: null }),
  );
  await service.validateExistingAlertReceiver(slack.id, { message: 'contract' });
  await service.validateExistingAlertReceiver(email.id);
  await refused(service.validateExistingAlertReceiver(UNKNOWN_RECEIVER));
  await service.validateNewAlertReceiver(ACME, {
    alert_receiver: {
      ...common,
      name: 'future',
      type: 'SLACK',
      webhook_url: 'https://hooks.slack.example/x',
    },
    message: 'contract',
  });
  await refused(
    service.validateNewAlertReceiver(ACME, {
      alert_receiver: {
        ...common,
        name: 'future',
        type: 'SLACK',
        webhook_url: 'https://hooks.down.invalid/x',
      },
    }),
  );
  await service.getAlertReceivers(ACME);
  for (const receiver of [slack, email]) await service.deleteAlertReceiver(receiver.id);
  await refused(service.deleteAlertReceiver(slack.id));
}

/** The answer with descriptors of the deliberate unknown kind taken out, and how many there were. */
function withoutUnknownFieldKinds(exchange: Exchange): { exchange: Exchange; removed: number } {
  let removed = 0;
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) {
      return value
        .filter((item) => {
          const unknown = isField(item) && item.type === UNKNOWN_FIELD_KIND;
          if (unknown) removed += 1;
          return !unknown;
        })
        .map(strip);
    }
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, strip(v)]));
  };
  const answerBody = strip(exchange.answerBody);
  return { exchange: { ...exchange, answerBody }, removed };
}

function isField(value: unknown): value is { key: string; type: string; label: string } {
  return typeof value === 'object' && value !== null && 'key' in value && 'type' in value && 'label' in value;
}
