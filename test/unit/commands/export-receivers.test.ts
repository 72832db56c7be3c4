/**
 * `export` writes the organization's receivers as AlertReceiver documents, each secret as
 * `{valueFrom: {env: NAME}}` under the predictable name, and says which variables to set.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runExport } from '../../../src/commands/export.js';
import { upperSnake } from '../../../src/documents/env-name.js';
import { exportReceiverDocuments } from '../../../src/kinds/alert-receiver/export-receivers.js';
import { putLiveReceiver } from '../../../src/sandbox/index.js';
import { runCliInProcess } from '../../helpers/cli-in-process.js';
import { liveReceiver } from '../../helpers/receivers.js';
import { ACME, EXAMPLE_RULE_READS, useRunWorld } from './run-context.js';

const { world, run } = useRunWorld('export-receivers-');

const R1 = '5e1ec7ed-0000-4000-8000-0000000009a1';
const R2 = '5e1ec7ed-0000-4000-8000-0000000009a2';
const R3 = '5e1ec7ed-0000-4000-8000-0000000009a3';
const R9 = '5e1ec7ed-0000-4000-8000-0000000009a9';

describe('export of receivers', () => {
  it('writes one document per receiver with every field, and each secret read from its variable', async () => {
    const progress: string[] = [];
    const report = await runExport(run({ organizationId: ACME, progress: (l) => progress.push(l) }).ctx, {
      outDir: world.out,
    });
    const dir = join(world.out, 'receivers');
    expect(readdirSync(dir).sort()).toEqual([
      'email-platform.yaml',
      'slack-low-priority.yaml',
      'slack-oncall.yaml',
    ]);
    const slack = readFileSync(join(dir, 'slack-oncall.yaml'), 'utf8');
    expect(slack).toBe(
      '# Exported from the live receiver 5e1ec7ed-0000-4000-8000-000000000201: its secret is never exported, it is read from the environment.\n' +
        'kind: AlertReceiver\n' +
        'id: 5e1ec7ed-0000-4000-8000-000000000201\n' +
        `organization_id: ${ACME}\n` +
        'name: slack-oncall\n' +
        'description: "Pages the on-call engineer in #oncall"\n' +
        'type: SLACK\n' +
        'send_resolved: true\n' +
        'owner: null\n' +
        'severity: null\n' +
        'webhook_url:\n' +
        '  valueFrom:\n' +
        '    env: RECEIVER_SLACK_ONCALL_WEBHOOK_URL\n',
    );
    expect(parse(readFileSync(join(dir, 'email-platform.yaml'), 'utf8'))).toEqual({
      kind: 'AlertReceiver',
      id: '5e1ec7ed-0000-4000-8000-000000000202',
      organization_id: ACME,
      name: 'email-platform',
      description: "The platform team's mailing list",
      type: 'EMAIL',
      send_resolved: false,
      owner: null,
      severity: null,
      to: 'platform@acme.example',
      from: 'alerts@acme.example',
      smarthost: 'smtp.acme.example:587',
      auth_username: 'alerts@acme.example',
      auth_password: { valueFrom: { env: 'RECEIVER_EMAIL_PLATFORM_AUTH_PASSWORD' } },
      require_tls: true,
    });
    // The variables to set: on the progress stream (stderr), and in one notice of the report.
    expect(progress).toEqual(
      expect.arrayContaining([
        "set these variables where plan and apply run (the receivers' secrets are never exported):",
        '  RECEIVER_EMAIL_PLATFORM_AUTH_PASSWORD    the auth_password of alert receiver "email-platform"',
        '  RECEIVER_SLACK_LOW_PRIORITY_WEBHOOK_URL  the webhook_url of alert receiver "slack-low-priority"',
        '  RECEIVER_SLACK_ONCALL_WEBHOOK_URL        the webhook_url of alert receiver "slack-oncall"',
      ]),
    );
    const notice = report.diagnostics.find((d) =>
      d.message.includes('read their secrets from the environment'),
    );
    expect(notice?.severity).toBe('notice');
    expect(notice?.message).toContain('RECEIVER_SLACK_ONCALL_WEBHOOK_URL (webhook_url of "slack-oncall")');
    // One receivers list for the rules' names and the receiver documents alike.
    expect(report.requests.byOperation).toEqual(EXAMPLE_RULE_READS);
  });

  it('gives two receivers whose names collide a variable each, told apart by their ids, and says so', async () => {
    putLiveReceiver(world.sandbox.state, {
      id: '5e1ec7ed-0000-4000-8000-00000000a204',
      organization_id: ACME,
      name: 'Slack OnCall',
      type: 'SLACK',
    });
    const report = await runExport(run({ organizationId: ACME }).ctx, { outDir: world.out });
    const dir = join(world.out, 'receivers');
    expect(readdirSync(dir)).toEqual(expect.arrayContaining(['slack-oncall.yaml', 'slack-oncall-2.yaml']));
    const variables = readdirSync(dir).map((f) => parse(readFileSync(join(dir, f), 'utf8')));
    const envOf = (name: string) => variables.find((d) => d.name === name)?.webhook_url.valueFrom.env;
    expect(envOf('slack-oncall')).toBe('RECEIVER_SLACK_ONCALL_00000201_WEBHOOK_URL');
    expect(envOf('Slack OnCall')).toBe('RECEIVER_SLACK_ONCALL_0000A204_WEBHOOK_URL');
    expect(report.skipped.filter((s) => s.includes('tell them apart'))).toHaveLength(2);
  });

  it('fails the export with the reason when the receivers cannot be read, and still writes the rules', async () => {
    world.sandbox.setFaults({ script: [{ operation: 'getAlertReceivers', status: 403 }] });
    const report = await runExport(run({ organizationId: ACME }).ctx, { outDir: world.out });
    expect(readdirSync(world.out)).not.toContain('receivers');
    expect(readdirSync(world.out)).toContain('api-p99-latency.yaml');
    // A 403 to the organization's receivers: the organization refuses the token, said about it.
    expect(report.diagnostics.find((d) => d.severity === 'error')).toMatchObject({
      code: 'service.organization-denied',
      message: expect.stringContaining(`Organization ${ACME} cannot be read with this token (HTTP 403)`),
    });
  });
});

describe('export of receivers into a directory that holds them already', () => {
  it('overwrites an earlier export of the same receiver, and nothing over a hand-written file', async () => {
    await runExport(run({ organizationId: ACME }).ctx, { outDir: world.out });
    await runExport(run({ organizationId: ACME }).ctx, { outDir: world.out });
    const dir = join(world.out, 'receivers');
    writeFileSync(join(dir, 'slack-oncall.yaml'), '# written by hand\nkind: AlertReceiver\n');
    rmSync(join(dir, 'email-platform.yaml'));
    await expect(runExport(run({ organizationId: ACME }).ctx, { outDir: world.out })).rejects.toThrow(
      `export would overwrite 1 file in ${dir} that is not an export of the same receiver (slack-oncall.yaml); nothing was written there: choose an empty --out directory`,
    );
    expect(readdirSync(dir)).not.toContain('email-platform.yaml');
    expect(readFileSync(join(dir, 'slack-oncall.yaml'), 'utf8')).toBe(
      '# written by hand\nkind: AlertReceiver\n',
    );
  });
});

describe('export on the command line', () => {
  it('lists the variables to set on stderr, the files on stdout untouched by them', async () => {
    const run = await runCliInProcess(['export', '--out', world.out, '--org', ACME, '--root', world.out], {
      QOVERY_API_URL: world.sandbox.url,
      QOVERY_API_TOKEN: world.sandbox.token,
    });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(
      '  RECEIVER_SLACK_ONCALL_WEBHOOK_URL        the webhook_url of alert receiver "slack-oncall"\n',
    );
    expect(run.stdout).not.toContain('the webhook_url of alert receiver');
    expect(run.stdout).toContain('read their secrets from the environment');
  });
});

describe('the variable name rule', () => {
  it.each([
    ['slack-oncall', 'SLACK_ONCALL'],
    ['Équipe Paiements', 'EQUIPE_PAIEMENTS'],
    ['  --a..b__c  ', 'A_B_C'],
    ['📟', 'UNNAMED'],
    ['9am', '9AM'],
  ])('%s → %s', (name, snake) => {
    expect(upperSnake(name)).toBe(snake);
  });

  it('leaves out a receiver of a type this version does not know, and names it', () => {
    const pager = { ...liveReceiver({ id: R9, name: 'pager', type: 'SLACK' }), type: 'PAGERDUTY' };
    const result = exportReceiverDocuments(ACME, [
      pager,
      liveReceiver({ id: R1, name: 'mail', type: 'EMAIL' }),
    ]);
    expect(result.documents.map((d) => d.receiverName)).toEqual(['mail']);
    expect(result.variables).toEqual([
      { name: 'RECEIVER_MAIL_AUTH_PASSWORD', receiverId: R1, receiverName: 'mail', field: 'auth_password' },
    ]);
    expect(result.notes).toEqual([
      `alert receiver "pager" (${R9}) not exported: its type "PAGERDUTY" is not known to this version`,
    ]);
  });

  it('leaves out, and names, a receiver whose document validate would refuse, and asks for no variable of it', () => {
    const result = exportReceiverDocuments(ACME, [
      liveReceiver({ id: R1, name: 'mail', type: 'EMAIL' }),
      liveReceiver({ id: R9, name: '   ', type: 'SLACK' }),
      liveReceiver({ id: R2, name: 'ops', type: 'SLACK' }),
      liveReceiver({ id: R3, name: 'ops', type: 'SLACK' }),
    ]);
    expect(result.documents.map((d) => d.receiverName)).toEqual(['mail']);
    expect(result.variables.map((v) => v.receiverId)).toEqual([R1]);
    expect(result.notes.filter((n) => n.includes('not exported'))).toEqual([
      `alert receiver "   " (${R9}) not exported: validate would refuse its document: schema.pattern: \`name\` must not be blank (it holds only spaces)`,
      `alert receiver "ops" (${R2}) not exported: validate would refuse its document: document.duplicate-name: alert receiver \`ops\` is also defined by ops-2.yaml:5`,
      `alert receiver "ops" (${R3}) not exported: validate would refuse its document: document.duplicate-name: alert receiver \`ops\` is also defined by ops.yaml:5`,
    ]);
  });
});
