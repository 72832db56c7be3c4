import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  liveReceiver,
  putLiveReceiver,
  removeLiveReceiver,
  sentTestMessages,
  storedReceiverSecret,
} from '../../../src/sandbox/index.js';
import { callSandbox, useSandbox } from '../../helpers/sandbox.js';
import { ManualClock } from './manual-clock.js';

const ACME = '7f1b2c3d-0000-4000-8000-000000000001';
const GLOBEX = '7f1b2c3d-0000-4000-8000-000000000002';
const UNKNOWN_ORG = '7f1b2c3d-0000-4000-8000-0000000000ff';
const SLACK_ONCALL = '5e1ec7ed-0000-4000-8000-000000000201';
const EMAIL_PLATFORM = '5e1ec7ed-0000-4000-8000-000000000202';
const GLOBEX_RECEIVER = '5e1ec7ed-0000-4000-8000-000000000211';
const UNKNOWN_RECEIVER = '5e1ec7ed-0000-4000-8000-0000000002ff';
const RULE = 'a2a2a2a2-0000-4000-8000-000000000501';
const WEBHOOK = 'https://hooks.slack.example/services/T000/B000/sEcReTsEcReT';
const PASSWORD = 'pa55-w0rd-never-shown';

const clock = new ManualClock();
const sandbox = useSandbox({ clock, rateLimit: false });

function slackBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    organization_id: ACME,
    name: 'slack-new',
    description: 'a new channel',
    type: 'SLACK',
    send_resolved: true,
    webhook_url: WEBHOOK,
    ...overrides,
  };
}

function emailBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    organization_id: ACME,
    name: 'mail-new',
    description: 'the team',
    type: 'EMAIL',
    send_resolved: false,
    to: 'team@acme.example',
    from: 'alerts@acme.example',
    smarthost: 'smtp.acme.example:587',
    auth_username: 'alerts',
    auth_password: PASSWORD,
    require_tls: true,
    ...overrides,
  };
}

function editOf(body: Record<string, unknown>): Record<string, unknown> {
  const { organization_id: _organization, ...edit } = body;
  return edit;
}

async function create(body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const answer = await callSandbox(sandbox(), 'POST', '/alert-receivers', { body });
  expect(answer.status).toBe(201);
  return answer.body as Record<string, unknown>;
}

describe('createAlertReceiver', () => {
  it('creates both types, answers 201 with the receiver, and keeps the secret out of the answer', async () => {
    const slack = await create(slackBody());
    expect(slack).toEqual({
      id: expect.stringMatching(/^5e1ec7ed-/),
      created_at: expect.any(String),
      name: 'slack-new',
      description: 'a new channel',
      type: 'SLACK',
      send_resolved: true,
      owner: null,
      severity: null,
    });
    const email = await create(emailBody({ owner: 'platform', severity: 'HIGH' }));
    expect(email).toMatchObject({ type: 'EMAIL', to: 'team@acme.example', auth_username: 'alerts' });
    expect(email).not.toHaveProperty('auth_password');
    expect(storedReceiverSecret(sandbox().state, String(slack.id))).toBe(WEBHOOK);
    expect(storedReceiverSecret(sandbox().state, String(email.id))).toBe(PASSWORD);
    const list = await callSandbox(sandbox(), 'GET', `/organization/${ACME}/alert-receivers`);
    expect(JSON.stringify(list.body)).not.toContain(WEBHOOK);
    expect((list.body as { results: { id: string }[] }).results.map((r) => r.id)).toContain(slack.id);
  });

  it.each([
    [slackBody({ name: undefined }), 'name: is required'],
    [slackBody({ name: '  ' }), 'name: must not be empty'],
    [slackBody({ description: undefined }), 'description: is required'],
    [slackBody({ type: 'PAGERDUTY' }), 'type: must be one of "SLACK", "EMAIL"'],
    [slackBody({ send_resolved: 'yes' }), 'send_resolved: must be true or false'],
    [slackBody({ owner: 7 }), 'owner: must be a string or null'],
    [slackBody({ webhook_url: undefined }), 'webhook_url: is required'],
    [slackBody({ webhook_url: 'not a url' }), 'webhook_url: must be an absolute URI'],
    [slackBody({ organization_id: 'acme' }), 'organization_id: must be a uuid'],
    [slackBody({ organization_id: UNKNOWN_ORG }), `organization ${UNKNOWN_ORG} does not exist`],
    [emailBody({ to: 'nobody' }), 'to: must be an e-mail address'],
    [emailBody({ from: undefined }), 'from: is required'],
    [emailBody({ smarthost: 'smtp.acme.example' }), 'smarthost: must be host:port'],
    [emailBody({ smarthost: 'smtp.acme.example:70000' }), 'smarthost: must be host:port'],
    [emailBody({ auth_password: undefined }), 'auth_password: is required'],
    [emailBody({ require_tls: undefined }), 'require_tls: is required'],
  ])('refuses an invalid body with a 400 naming the field (%#)', async (body, message) => {
    const answer = await callSandbox(sandbox(), 'POST', '/alert-receivers', { body });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      status: 400,
      error: 'Bad Request',
      message: expect.stringContaining(message),
    });
  });

  it('never echoes a secret, even in a refusal', async () => {
    const answer = await callSandbox(sandbox(), 'POST', '/alert-receivers', {
      body: slackBody({ webhook_url: 'secret value with spaces' }),
    });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).not.toContain('secret value');
  });

  it('refuses an organization the token cannot access', async () => {
    const answer = await callSandbox(sandbox(), 'POST', '/alert-receivers', {
      body: slackBody({ organization_id: GLOBEX }),
    });
    expect(answer.status).toBe(403);
  });
});

describe('getAlertReceiver', () => {
  it('answers a seeded receiver with its type fields, 404 for an unknown id, 403 for another organization', async () => {
    const email = await callSandbox(sandbox(), 'GET', `/alert-receivers/${EMAIL_PLATFORM}`);
    expect(email.status).toBe(200);
    expect(email.body).toMatchObject({
      id: EMAIL_PLATFORM,
      name: 'email-platform',
      smarthost: 'smtp.acme.example:587',
      require_tls: true,
    });
    expect((await callSandbox(sandbox(), 'GET', `/alert-receivers/${UNKNOWN_RECEIVER}`)).status).toBe(404);
    expect((await callSandbox(sandbox(), 'GET', '/alert-receivers/not-a-uuid')).status).toBe(404);
    expect((await callSandbox(sandbox(), 'GET', `/alert-receivers/${GLOBEX_RECEIVER}`)).status).toBe(403);
  });
});

describe('editAlertReceiver', () => {
  it('keeps the stored secret when the edit sends null or leaves it out, and replaces it when sent', async () => {
    const created = await create(slackBody({ name: 'slack-edit' }));
    const id = String(created.id);
    clock.advance(1000);
    const kept = await callSandbox(sandbox(), 'PUT', `/alert-receivers/${id}`, {
      body: editOf(slackBody({ name: 'slack-renamed', webhook_url: null, severity: 'LOW' })),
    });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({
      name: 'slack-renamed',
      severity: 'LOW',
      updated_at: expect.any(String),
    });
    expect(storedReceiverSecret(sandbox().state, id)).toBe(WEBHOOK);
    await callSandbox(sandbox(), 'PUT', `/alert-receivers/${id}`, {
      body: editOf(slackBody({ webhook_url: undefined })),
    });
    expect(storedReceiverSecret(sandbox().state, id)).toBe(WEBHOOK);
    const rotated = 'https://hooks.slack.example/services/T000/B000/rOtAtEd';
    const answer = await callSandbox(sandbox(), 'PUT', `/alert-receivers/${id}`, {
      body: editOf(slackBody({ webhook_url: rotated })),
    });
    expect(JSON.stringify(answer.body)).not.toContain(rotated);
    expect(storedReceiverSecret(sandbox().state, id)).toBe(rotated);
  });

  it('needs the new secret to change the type, and refuses an unknown id', async () => {
    const created = await create(slackBody({ name: 'slack-to-mail' }));
    const id = String(created.id);
    const without = await callSandbox(sandbox(), 'PUT', `/alert-receivers/${id}`, {
      body: editOf(emailBody({ auth_password: null })),
    });
    expect(without.status).toBe(400);
    expect(without.body).toMatchObject({ message: 'auth_password: is required to change the type to EMAIL' });
    const changed = await callSandbox(sandbox(), 'PUT', `/alert-receivers/${id}`, {
      body: editOf(emailBody()),
    });
    expect(changed.status).toBe(200);
    expect(liveReceiver(sandbox().state, id)).toMatchObject({ type: 'EMAIL', to: 'team@acme.example' });
    const unknown = await callSandbox(sandbox(), 'PUT', `/alert-receivers/${UNKNOWN_RECEIVER}`, {
      body: editOf(slackBody()),
    });
    expect(unknown.status).toBe(404);
  });
});

describe('deleteAlertReceiver', () => {
  it('deletes (204), then 404; a rule naming a deleted receiver keeps its id and its next edit is refused', async () => {
    const created = await create(slackBody({ name: 'slack-doomed' }));
    const id = String(created.id);
    const rule = (await callSandbox(sandbox(), 'GET', `/alert-rules/${RULE}`)).body as Record<
      string,
      unknown
    >;
    const edit = {
      name: rule.name,
      description: rule.description,
      tag: rule.tag,
      condition: rule.condition,
      for_duration: rule.for_duration,
      severity: rule.severity,
      enabled: rule.enabled,
      alert_receiver_ids: [SLACK_ONCALL, id],
      presentation: rule.presentation,
    };
    expect((await callSandbox(sandbox(), 'PUT', `/alert-rules/${RULE}`, { body: edit })).status).toBe(200);
    expect((await callSandbox(sandbox(), 'DELETE', `/alert-receivers/${id}`)).status).toBe(204);
    expect((await callSandbox(sandbox(), 'DELETE', `/alert-receivers/${id}`)).status).toBe(404);
    expect(storedReceiverSecret(sandbox().state, id)).toBeNull();
    const after = (await callSandbox(sandbox(), 'GET', `/alert-rules/${RULE}`)).body as Record<
      string,
      unknown
    >;
    expect(after.alert_receiver_ids).toEqual([SLACK_ONCALL, id]);
    const again = await callSandbox(sandbox(), 'PUT', `/alert-rules/${RULE}`, { body: edit });
    expect(again.status).toBe(400);
    edit.alert_receiver_ids = [SLACK_ONCALL];
    expect((await callSandbox(sandbox(), 'PUT', `/alert-rules/${RULE}`, { body: edit })).status).toBe(200);
  });
});

describe('the validate operations', () => {
  it('record the test message of an existing receiver (its own text, or the given one) and send nothing', async () => {
    const before = sentTestMessages(sandbox().state).length;
    clock.advance(5000);
    const plain = await callSandbox(sandbox(), 'POST', `/alert-receivers/${SLACK_ONCALL}/validate`);
    expect(plain).toMatchObject({ status: 200, body: undefined });
    const said = await callSandbox(sandbox(), 'POST', `/alert-receivers/${EMAIL_PLATFORM}/validate`, {
      body: { message: 'hello from the test' },
    });
    expect(said.status).toBe(200);
    const sent = sentTestMessages(sandbox().state).slice(before);
    expect(sent).toEqual([
      {
        operation: 'validateExistingAlertReceiver',
        receiver_id: SLACK_ONCALL,
        organization_id: ACME,
        name: 'slack-oncall',
        type: 'SLACK',
        sent_at: new Date(clock.now()).toISOString(),
        message: 'Test message for alert receiver slack-oncall',
      },
      expect.objectContaining({ receiver_id: EMAIL_PLATFORM, message: 'hello from the test' }),
    ]);
    expect(sandbox().testMessages.slice(before)).toEqual(sent);
  });

  it('record the test message of a receiver not created yet, checked as a create would be', async () => {
    const before = sandbox().testMessages.length;
    const ok = await callSandbox(sandbox(), 'POST', '/alert-receivers/validate', {
      body: { alert_receiver: emailBody({ name: 'future' }), message: 'm' },
    });
    expect(ok.status).toBe(200);
    expect(sandbox().testMessages.slice(before)).toEqual([
      expect.objectContaining({ operation: 'validateNewAlertReceiver', receiver_id: null, name: 'future' }),
    ]);
    const bad = await callSandbox(sandbox(), 'POST', '/alert-receivers/validate', {
      body: { alert_receiver: emailBody({ to: 'x' }) },
    });
    expect(bad.body).toMatchObject({ status: 400, message: 'alert_receiver.to: must be an e-mail address' });
    const missing = await callSandbox(sandbox(), 'POST', '/alert-receivers/validate', { body: {} });
    expect(missing.body).toMatchObject({ status: 400, message: 'alert_receiver: is required' });
    expect(sandbox().testMessages.length).toBe(before + 1);
  });

  it('refuse an unreachable destination with the reason and no secret, and record nothing', async () => {
    const unreachable = 'https://hooks.unreachable.invalid/services/sEcReT';
    const before = sandbox().testMessages.length;
    const created = await create(slackBody({ name: 'slack-broken', webhook_url: unreachable }));
    const answer = await callSandbox(sandbox(), 'POST', `/alert-receivers/${String(created.id)}/validate`, {
      body: {},
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      message: 'the test message could not be delivered: the Slack webhook cannot be reached',
    });
    const mail = await callSandbox(sandbox(), 'POST', '/alert-receivers/validate', {
      body: { alert_receiver: emailBody({ smarthost: 'smtp.down.invalid:25' }) },
    });
    expect(mail.body).toMatchObject({
      message: expect.stringContaining('the SMTP server smtp.down.invalid'),
    });
    expect(sandbox().testMessages.length).toBe(before);
    expect(
      (await callSandbox(sandbox(), 'POST', `/alert-receivers/${UNKNOWN_RECEIVER}/validate`)).status,
    ).toBe(404);
  });
});

describe('putLiveReceiver', () => {
  it('arranges a receiver edited in the console, with a secret that only storedReceiverSecret reads', () => {
    const id = '5e1ec7ed-0000-4000-8000-0000000002aa';
    putLiveReceiver(sandbox().state, {
      id,
      organization_id: ACME,
      name: 'console-made',
      type: 'SLACK',
      webhook_url: WEBHOOK,
    });
    expect(liveReceiver(sandbox().state, id)).toMatchObject({ name: 'console-made', description: '' });
    expect(JSON.stringify(liveReceiver(sandbox().state, id))).not.toContain(WEBHOOK);
    expect(storedReceiverSecret(sandbox().state, id)).toBe(WEBHOOK);
    expect(() =>
      putLiveReceiver(sandbox().state, { id, organization_id: ACME, name: 'x', type: 'FAX' }),
    ).toThrow('receiver.type: expected one of SLACK, EMAIL');
  });
});

describe('no answer ever contains a secret', () => {
  const secret = fc
    .string({ minLength: 8, maxLength: 40 })
    .filter((s) => s.trim().length >= 8)
    .map((s) => `zz${s}`);
  const optionalText = fc.option(fc.string({ maxLength: 12 }), { nil: undefined });

  it('whatever receiver body is created, edited, listed, read or tested', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        secret,
        secret,
        fc.record({
          name: fc.string({ minLength: 1, maxLength: 20 }),
          owner: optionalText,
          severity: optionalText,
        }),
        async (slack, first, second, fields) => {
          const url = (s: string) => `https://hooks.example/${encodeURIComponent(s)}`;
          const body = slack
            ? slackBody({ ...fields, webhook_url: url(first) })
            : emailBody({ ...fields, auth_password: first });
          const secrets = slack ? [url(first), url(second)] : [first, second];
          const answers: unknown[] = [];
          const created = await callSandbox(sandbox(), 'POST', '/alert-receivers', { body });
          answers.push(created.body);
          const id = (created.body as { id?: string }).id;
          if (id !== undefined) {
            const rotated = slack ? { webhook_url: url(second) } : { auth_password: second };
            for (const edit of [
              { ...editOf(body), ...rotated },
              { ...editOf(body), webhook_url: null, auth_password: null },
            ]) {
              answers.push(
                (await callSandbox(sandbox(), 'PUT', `/alert-receivers/${id}`, { body: edit })).body,
              );
            }
            answers.push((await callSandbox(sandbox(), 'GET', `/alert-receivers/${id}`)).body);
            answers.push((await callSandbox(sandbox(), 'POST', `/alert-receivers/${id}/validate`)).body);
          }
          answers.push(
            (
              await callSandbox(sandbox(), 'POST', '/alert-receivers/validate', {
                body: { alert_receiver: body },
              })
            ).body,
          );
          answers.push((await callSandbox(sandbox(), 'GET', `/organization/${ACME}/alert-receivers`)).body);
          const text = JSON.stringify(answers);
          for (const value of secrets) {
            expect(text).not.toContain(value);
            expect(text).not.toContain(JSON.stringify(value).slice(1, -1));
          }
          if (id !== undefined) await callSandbox(sandbox(), 'DELETE', `/alert-receivers/${id}`);
        },
      ),
      { numRuns: 40, seed: 26 },
    );
  });
});

describe('removeLiveReceiver', () => {
  it('removes a receiver and its secret, as a delete would', () => {
    const id = '5e1ec7ed-0000-4000-8000-0000000002ab';
    putLiveReceiver(sandbox().state, {
      id,
      organization_id: ACME,
      name: 'gone',
      type: 'SLACK',
      webhook_url: WEBHOOK,
    });
    expect(removeLiveReceiver(sandbox().state, id.toUpperCase())).toBe(true);
    expect(liveReceiver(sandbox().state, id)).toBeUndefined();
    expect(storedReceiverSecret(sandbox().state, id)).toBeNull();
    expect(removeLiveReceiver(sandbox().state, id)).toBe(false);
  });
});
