import { describe, expect, it } from 'vitest';
import { parseFiles } from '../../../src/documents/parse.js';
import { receiverSecretEnvName } from '../../../src/documents/receiver-secrets.js';
import { exportReceiverDocuments } from '../../../src/kinds/alert-receiver/export-receivers.js';
import { liveReceiver } from '../../helpers/receivers.js';

const ORG = '7f1b2c3d-0000-4000-8000-000000000001';

const parse = (text: string) =>
  parseFiles([{ path: 'alerting/receivers.yaml', bytes: Buffer.from(text, 'utf8') }]);

const SLACK = ['kind: AlertReceiver', 'name: slack-oncall', 'type: SLACK'];

describe('AlertReceiver documents', () => {
  it('accepts a receiver whose secret comes from the environment, with the API fields of its type', () => {
    const slack = [...SLACK, 'webhook_url: {valueFrom: {env: SLACK_ONCALL_WEBHOOK_URL}}'].join('\n');
    const email = [
      'kind: AlertReceiver',
      'name: email-platform',
      'type: EMAIL',
      'send_resolved: false',
      'to: platform@acme.example',
      'from: alerts@acme.example',
      'smarthost: smtp.acme.example:587',
      'auth_username: alerts@acme.example',
      'auth_password: {valueFrom: {env: SMTP_PASSWORD}}',
      'require_tls: true',
    ].join('\n');
    const loaded = parse(`${slack}\n---\n${email}\n`);
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.documents.map((d) => [d.kind, 'name' in d.value ? d.value.name : ''])).toEqual([
      ['AlertReceiver', 'slack-oncall'],
      ['AlertReceiver', 'email-platform'],
    ]);
  });

  it('refuses a secret written in the document, on its line, saying how to move it out without quoting it', () => {
    const text = [
      ...SLACK,
      'description: pages',
      'webhook_url: https://hooks.slack.example/T0/B0/s3cr3t-value',
    ].join('\n');
    const loaded = parse(text);
    expect(loaded.documents).toEqual([]);
    expect(loaded.diagnostics).toHaveLength(1);
    const [finding] = loaded.diagnostics;
    expect(finding).toMatchObject({
      code: 'document.secret-literal',
      line: 5,
      column: 14,
      severity: 'error',
    });
    // The name `export` and `init` write for this receiver: one naming, whichever way a document came.
    expect(finding!.message).toContain('webhook_url: {valueFrom: {env: RECEIVER_SLACK_ONCALL_WEBHOOK_URL}}');
    expect(finding!.message).toContain(`\${{ secrets.RECEIVER_SLACK_ONCALL_WEBHOOK_URL }}`);
    expect(finding!.message).not.toContain('s3cr3t-value');
  });

  it('refuses the fields of the other type, and requires those of its own, at their positions', () => {
    const loaded = parse([...SLACK, 'webhook_url: {valueFrom: {env: HOOK}}', 'to: a@b.example'].join('\n'));
    expect(loaded.diagnostics.map((d) => [d.code, d.line, d.message])).toEqual([
      [
        'schema.unknown-field',
        5,
        "`to` is a field of EMAIL receivers; this receiver's type is SLACK: remove it",
      ],
    ]);
    const missing = parse(['kind: AlertReceiver', 'name: mail', 'type: EMAIL', 'to: a@b.example'].join('\n'));
    expect(missing.diagnostics.map((d) => d.code)).toEqual(expect.arrayContaining(['schema.required']));
    expect(missing.diagnostics.map((d) => d.message).join('\n')).toMatch(/smarthost/);
  });

  it('refuses a reference that is not exactly {valueFrom: {env: NAME}}', () => {
    const loaded = parse([...SLACK, 'webhook_url: {valueFrom: {file: /etc/hook}}'].join('\n'));
    expect(loaded.documents).toEqual([]);
    expect(loaded.diagnostics.length).toBeGreaterThan(0);
    expect(loaded.diagnostics.every((d) => d.line === 4)).toBe(true);
  });

  it('reports two receivers of one name in one organization at both', () => {
    const doc = [...SLACK, 'webhook_url: {valueFrom: {env: HOOK}}'].join('\n');
    const loaded = parse(`${doc}\n---\n${doc}\n`);
    expect(loaded.diagnostics.map((d) => [d.code, d.line])).toEqual([
      ['document.duplicate-name', 2],
      ['document.duplicate-name', 7],
    ]);
  });

  it('reports two receivers that claim one id at both, whatever their names', () => {
    const id = 'id: 5e1ec7ed-0000-4000-8000-000000000201';
    const first = [
      'kind: AlertReceiver',
      id,
      'name: pager-a',
      'type: SLACK',
      'webhook_url: {valueFrom: {env: A}}',
    ];
    const second = [
      'kind: AlertReceiver',
      id,
      'name: pager-b',
      'type: SLACK',
      'webhook_url: {valueFrom: {env: B}}',
    ];
    const loaded = parse(`${first.join('\n')}\n---\n${second.join('\n')}\n`);
    expect(loaded.diagnostics.map((d) => [d.code, d.line])).toEqual([
      ['document.duplicate-id', 2],
      ['document.duplicate-id', 8],
    ]);
    expect(loaded.diagnostics[0]!.message).toContain(
      'alert receiver id 5e1ec7ed-0000-4000-8000-000000000201 is also claimed',
    );
  });

  it('names the variable of a secret after the receiver and the field, as export names it', () => {
    expect(receiverSecretEnvName('slack-oncall', 'webhook_url')).toBe('RECEIVER_SLACK_ONCALL_WEBHOOK_URL');
    expect(receiverSecretEnvName('9 mail', 'auth_password')).toBe('RECEIVER_9_MAIL_AUTH_PASSWORD');
    const exported = exportReceiverDocuments(ORG, [
      liveReceiver({ id: '5e1ec7ed-0000-4000-8000-000000000298', name: 'slack-literal', type: 'SLACK' }),
      liveReceiver({ id: '5e1ec7ed-0000-4000-8000-000000000299', name: 'Équipe mail', type: 'EMAIL' }),
    ]);
    expect(exported.variables.map((v) => v.name)).toEqual([
      receiverSecretEnvName('Équipe mail', 'auth_password'),
      receiverSecretEnvName('slack-literal', 'webhook_url'),
    ]);
    expect(exported.variables[1]?.name).toBe('RECEIVER_SLACK_LITERAL_WEBHOOK_URL');
  });
});
