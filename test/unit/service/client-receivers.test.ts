import { describe, expect, it } from 'vitest';
import { storedReceiverSecret } from '../../../src/sandbox/index.js';
import type {
  EmailAlertReceiverCreationRequest,
  SlackAlertReceiverCreationRequest,
} from '../../../src/service/types.js';
import { apiFailure } from '../../helpers/api-failure.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { useSandboxClients } from '../../helpers/sandbox-clients.js';

const ACME = '7f1b2c3d-0000-4000-8000-000000000001';
const SLACK_ONCALL = '5e1ec7ed-0000-4000-8000-000000000201';
const UNKNOWN_RECEIVER = '5e1ec7ed-0000-4000-8000-0000000002ff';
const WEBHOOK = 'https://hooks.slack.example/services/client/sEcReT';
const PASSWORD = 'client-test-password';

const sandbox = useSandbox({ rateLimit: false });

const setup = useSandboxClients(sandbox);

const slack: SlackAlertReceiverCreationRequest = {
  name: 'client-slack',
  description: 'the client test channel',
  type: 'SLACK',
  send_resolved: true,
  webhook_url: WEBHOOK,
};

const email: EmailAlertReceiverCreationRequest = {
  name: 'client-email',
  description: '',
  type: 'EMAIL',
  send_resolved: false,
  owner: 'platform',
  to: 'team@acme.example',
  from: 'alerts@acme.example',
  smarthost: 'smtp.acme.example:587',
  auth_password: PASSWORD,
  require_tls: true,
};

describe('the receiver operations against the sandbox', () => {
  it('create, read, edit, delete: the exact bodies sent, and the receiver decoded from each answer', async () => {
    const { service } = setup();
    const created = await service.createAlertReceiver(ACME, email);
    expect(created).toEqual({
      id: expect.any(String),
      created_at: expect.any(String),
      name: 'client-email',
      description: '',
      type: 'EMAIL',
      send_resolved: false,
      owner: 'platform',
      severity: null,
      to: 'team@acme.example',
      from: 'alerts@acme.example',
      smarthost: 'smtp.acme.example:587',
      auth_username: null,
      require_tls: true,
    });
    expect(sandbox().requests.at(-1)?.body).toEqual({
      organization_id: ACME,
      name: 'client-email',
      description: '',
      type: 'EMAIL',
      send_resolved: false,
      owner: 'platform',
      to: 'team@acme.example',
      from: 'alerts@acme.example',
      smarthost: 'smtp.acme.example:587',
      auth_password: PASSWORD,
      require_tls: true,
    });
    expect(await service.getAlertReceiver(created.id)).toEqual(created);

    const edited = await service.editAlertReceiver(created.id, {
      ...email,
      description: 'edited',
      auth_password: null,
    });
    expect(edited).toMatchObject({ description: 'edited', updated_at: expect.any(String) });
    expect(sandbox().requests.at(-1)?.body).toMatchObject({ auth_password: null });
    expect(storedReceiverSecret(sandbox().state, created.id)).toBe(PASSWORD);

    await service.deleteAlertReceiver(created.id);
    expect((await apiFailure(service.getAlertReceiver(created.id))).status).toBe(404);
    expect(service.requestCounts().byOperation).toMatchObject({
      createAlertReceiver: 1,
      getAlertReceiver: 2,
      editAlertReceiver: 1,
      deleteAlertReceiver: 1,
    });
  });

  it('an edit always says the secret: null when not changing it, never left out', async () => {
    const { service } = setup();
    const created = await service.createAlertReceiver(ACME, slack);
    // A caller's object may hold more than the request: only the description's fields are sent.
    await service.editAlertReceiver(created.id, {
      ...slack,
      webhook_url: null,
      position: { line: 3 },
    } as unknown as typeof slack);
    expect(sandbox().requests.at(-1)?.body).toEqual({
      name: 'client-slack',
      description: 'the client test channel',
      type: 'SLACK',
      send_resolved: true,
      webhook_url: null,
    });
    await service.deleteAlertReceiver(created.id);
  });

  it('a test message: void on success, the service message on a refusal, and it is recorded', async () => {
    const { service } = setup();
    const before = sandbox().testMessages.length;
    await expect(
      service.validateExistingAlertReceiver(SLACK_ONCALL, { message: 'hi' }),
    ).resolves.toBeUndefined();
    await service.validateNewAlertReceiver(ACME, { alert_receiver: slack });
    expect(sandbox().requests.at(-1)?.body).toEqual({ alert_receiver: { organization_id: ACME, ...slack } });
    expect(
      sandbox()
        .testMessages.slice(before)
        .map((m) => [m.receiver_id, m.message]),
    ).toEqual([
      [SLACK_ONCALL, 'hi'],
      [null, 'Test message for alert receiver client-slack'],
    ]);
    const refused = await apiFailure(
      service.validateNewAlertReceiver(ACME, {
        alert_receiver: { ...slack, webhook_url: 'https://hooks.down.invalid/x' },
      }),
    );
    expect(refused).toMatchObject({ status: 400, operation: 'validateNewAlertReceiver' });
    expect(refused.serviceMessage).toBe(
      'the test message could not be delivered: the Slack webhook cannot be reached',
    );
    const unknown = await apiFailure(service.validateExistingAlertReceiver(UNKNOWN_RECEIVER));
    expect(unknown.hint).toBe(`Alert receiver ${UNKNOWN_RECEIVER} was not found: it may have been deleted.`);
  });
});

describe('retries: a create or a test message is never repeated once it may have reached the service', () => {
  it('createAlertReceiver 503: one request, and the error says the receiver may exist', async () => {
    const { service, clock } = setup();
    sandbox().setFaults({ script: [{ operation: 'createAlertReceiver', status: 503 }] });
    const error = await apiFailure(service.createAlertReceiver(ACME, slack));
    expect(error.hint).toBe(
      'The alert receiver may have been created anyway: run plan again before re-applying, so that it is not created twice.',
    );
    expect(sandbox().count('createAlertReceiver')).toBe(1);
    expect(clock.sleeps).toEqual([]);
  });

  it('validateExistingAlertReceiver lost after sending: one request, and the error says a message may have gone', async () => {
    const { service } = setup();
    const before = sandbox().testMessages.length;
    sandbox().setFaults({ script: [{ operation: 'validateExistingAlertReceiver', resetAfter: true }] });
    const error = await apiFailure(service.validateExistingAlertReceiver(SLACK_ONCALL));
    expect(error.hint).toMatch(
      /The test message may have been sent anyway: look at the receiver before testing it again/,
    );
    expect(sandbox().count('validateExistingAlertReceiver')).toBe(1);
    expect(sandbox().testMessages.length).toBe(before + 1);
  });

  it('validateNewAlertReceiver 500: one request', async () => {
    const { service } = setup();
    sandbox().setFaults({ script: [{ operation: 'validateNewAlertReceiver', status: 500 }] });
    await apiFailure(service.validateNewAlertReceiver(ACME, { alert_receiver: slack }));
    expect(sandbox().count('validateNewAlertReceiver')).toBe(1);
  });

  it('429 was refused before any processing: even a test message is repeated, after the wait', async () => {
    const { service } = setup();
    sandbox().setFaults({
      script: [{ operation: 'validateExistingAlertReceiver', status: 429, headers: { 'Retry-After': '1' } }],
    });
    await service.validateExistingAlertReceiver(SLACK_ONCALL);
    expect(sandbox().count('validateExistingAlertReceiver')).toBe(2);
  });

  it('editAlertReceiver and deleteAlertReceiver are repeated on 503, as a rule edit is', async () => {
    const { service } = setup();
    const created = await service.createAlertReceiver(ACME, { ...slack, name: 'client-retried' });
    sandbox().setFaults({
      script: [
        { operation: 'editAlertReceiver', status: 503 },
        { operation: 'deleteAlertReceiver', status: 503 },
      ],
    });
    await service.editAlertReceiver(created.id, { ...slack, webhook_url: null });
    await service.deleteAlertReceiver(created.id);
    expect(sandbox().count('editAlertReceiver')).toBe(2);
    expect(sandbox().count('deleteAlertReceiver')).toBe(2);
  });
});

describe('a refusal that echoes the secret it was sent', () => {
  it('has the secret replaced in the service message and the whole error', async () => {
    const { service } = setup();
    sandbox().setFaults({
      script: [
        {
          operation: 'createAlertReceiver',
          status: 400,
          body: { status: 400, message: `webhook_url: ${WEBHOOK} is not a Slack webhook` },
        },
      ],
    });
    const error = await apiFailure(service.createAlertReceiver(ACME, slack));
    expect(error.serviceMessage).toBe('webhook_url: *** is not a Slack webhook');
    expect(`${error.message} ${JSON.stringify(error)}`).not.toContain(WEBHOOK);
  });
});

describe('a refusal that echoes the secret decoded or escaped', () => {
  const TABBED = 'https://hooks.slack.example/services/T0\tB0/tab-secret-41';
  const MARKED = `https://hooks.slack.example/x?a=1&b=<2>"q"'s'-marked-secret`;

  it('a JSON message quoting it with a tab: neither the tab nor the collapsed space shows it', async () => {
    const { service } = setup();
    sandbox().setFaults({
      script: [
        {
          operation: 'createAlertReceiver',
          status: 400,
          body: { status: 400, message: `webhook_url: ${TABBED} is not a Slack webhook` },
        },
      ],
    });
    const error = await apiFailure(service.createAlertReceiver(ACME, { ...slack, webhook_url: TABBED }));
    expect(error.serviceMessage).toBe('webhook_url: *** is not a Slack webhook');
    const all = `${error.message} ${JSON.stringify(error)}`;
    for (const form of [TABBED, TABBED.replace('\t', ' '), 'T0 B0/tab-secret'])
      expect(all).not.toContain(form);
  });

  it("a proxy's HTML page quoting it with entities: decoded, then replaced", async () => {
    const { service } = setup();
    const escaped = MARKED.replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&#39;');
    sandbox().setFaults({
      script: [
        {
          operation: 'createAlertReceiver',
          status: 502,
          text: `<html><head><title>Bad gateway for ${escaped}</title></head><body></body></html>`,
        },
      ],
    });
    const error = await apiFailure(service.createAlertReceiver(ACME, { ...slack, webhook_url: MARKED }));
    expect(error.serviceMessage).toBe('Bad gateway for ***');
    const all = `${error.message} ${JSON.stringify(error)}`;
    for (const form of [MARKED, escaped, 'marked-secret']) expect(all).not.toContain(form);
  });
});
