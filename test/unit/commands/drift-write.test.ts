import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runDrift } from '../../../src/commands/drift.js';
import { adoptionFile } from '../../../src/commands/drift-adoption.js';
import { runExport } from '../../../src/commands/export.js';
import { runPlan } from '../../../src/commands/plan.js';
import { editFieldsOfLive } from '../../../src/kinds/alert-rule/normalize.js';
import type { ManagedAlertRule } from '../../../src/service/types.js';
import { ACME, useRunWorld } from './run-context.js';

const { world, run } = useRunWorld('drift-write-');

/** A team's exported repository, with the comments a person adds to a file. */
async function repository(): Promise<void> {
  await runExport(run({ organizationId: ACME }).ctx, { outDir: world.out });
  const path = join(world.out, 'api-p99-latency.yaml');
  const text = readFileSync(path, 'utf8')
    .replace(/^kind: AlertRule$/m, '# Owned by the API team: ask #api before changing.\nkind: AlertRule')
    .replace(/^( {2})threshold: (.*)$/m, '$1# agreed in the incident review\n$1threshold: $2 # seconds');
  writeFileSync(path, text);
}

describe('drift --write', () => {
  it('writes console edits, creations and receivers back so that plan shows no change, and leaves a deletion for a person', async () => {
    await repository();
    const before = await runPlan(run({ root: world.out, paths: ['.'] }).ctx);
    expect(before.plan!.changes.filter((c) => c.action !== 'noop')).toEqual([]);
    const commented = readFileSync(join(world.out, 'api-p99-latency.yaml'), 'utf8');

    // The console: a threshold raised and a receiver added on one rule, one rule made, one deleted, a receiver edited.
    const client = run().ctx.service();
    const rules = (await client.getAlertRules(ACME)).filter(
      (r): r is ManagedAlertRule => r.source === 'MANAGED',
    );
    const receivers = await client.getAlertReceivers(ACME);
    const api = rules.find((r) => r.name === 'api-p99-latency')!;
    const extra = receivers.find((r) => !api.alert_receiver_ids.includes(r.id))!;
    await client.editAlertRule(api.id, {
      ...editFieldsOfLive(api),
      condition: { ...api.condition, threshold: 0.9 },
      alert_receiver_ids: [...api.alert_receiver_ids, extra.id],
    });
    const model = rules.find((r) => r.name === 'web-availability')!;
    await client.createAlertRule({
      ...editFieldsOfLive(model),
      name: 'made-in-the-console',
      organization_id: ACME,
      cluster_id: model.cluster_id,
      target: model.target,
    });
    await client.deleteAlertRule(model.id);
    const slack = receivers.find((r) => r.type === 'SLACK')!;
    await client.editAlertReceiver(slack.id, {
      name: slack.name,
      description: 'the new on-call channel',
      type: 'SLACK',
      send_resolved: slack.send_resolved,
      webhook_url: null,
    });

    world.sandbox.resetLog();
    const writing = run({ root: world.out, paths: ['.'] });
    const drift = await runDrift(writing.ctx, { remediate: false, adopt: { into: null, tree: true } });
    expect(writing.progress.filter((l) => l.startsWith('drift'))).toEqual([
      expect.stringMatching(/^drift: 1 rule and 1 alert receiver differ/),
      expect.stringMatching(
        /^drift --write: 3 files written \(adopted\/prod-eu\.yaml, api-p99-latency\.yaml, receivers\/slack-oncall\.yaml\)$/,
      ),
      'drift: web-availability.yaml:3 web-availability is deleted outside git: left for you to keep or remove',
    ]);
    // Nothing was written to the service.
    expect(world.sandbox.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    const written = drift.writeBack!;
    // The edits in plan order (a plan lists the receivers' changes first), then what is added.
    expect(written.adopted.map((a) => [a.kind, a.name, a.change === null ? 'added' : 'edited'])).toEqual([
      ['AlertReceiver', slack.name, 'edited'],
      ['AlertRule', 'api-p99-latency', 'edited'],
      ['AlertRule', 'made-in-the-console', 'added'],
    ]);
    expect(written.toDecide.map((c) => [c.kind, c.name, c.file, c.why])).toEqual([
      ['AlertRule', 'web-availability', 'web-availability.yaml', 'deleted'],
    ]);

    // The commented file: every line as it was but the threshold, and the new receiver by name.
    const after = readFileSync(join(world.out, 'api-p99-latency.yaml'), 'utf8');
    expect(after).toContain('# Owned by the API team: ask #api before changing.\nkind: AlertRule');
    expect(after).toContain('  # agreed in the incident review\n  threshold: 0.9 # seconds\n');
    expect(after).toContain(`  - ${extra.name}\n`);
    const removedLines = commented.split('\n').filter((line) => !after.split('\n').includes(line));
    expect(removedLines.filter((l) => !/threshold/.test(l))).toEqual([]);
    expect(readdirSync(join(world.out, 'adopted'))).toEqual([expect.stringMatching(/\.yaml$/)]);
    expect(readFileSync(join(world.out, 'receivers', `${slack.name}.yaml`), 'utf8')).toContain(
      // The exported file quoted its empty description: the quoting is kept.
      'description: "the new on-call channel"',
    );

    const again = await runPlan(run({ root: world.out, paths: ['.'] }).ctx);
    // Only the rule deleted in the console is left, as the same finding: a person removes its document or its id.
    expect(again.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.code, d.file])).toEqual([
      ['plan.unknown-id', 'web-availability.yaml'],
    ]);
    const pending = again.plan!.changes.filter((c) => c.action !== 'noop');
    expect(pending).toEqual([]);
    expect(again.plan!.unmanaged).toEqual([]);
  });

  it('never writes a secret: a receiver made in the console is adopted with its secret read from the environment', async () => {
    await repository();
    const canary = 'https://hooks.slack.com/services/T000/B000/CANARY-drift-write-5ecret';
    const client = run().ctx.service();
    await client.createAlertReceiver(ACME, {
      name: 'made in the console',
      description: '',
      type: 'SLACK',
      send_resolved: true,
      webhook_url: canary,
    });
    const drift = await runDrift(run({ root: world.out, paths: ['.'] }).ctx, {
      remediate: false,
      adopt: { into: 'adopted.yaml', tree: true },
    });
    const file = readFileSync(join(world.out, 'adopted.yaml'), 'utf8');
    expect(file).toContain('name: made in the console');
    expect(file).toContain('env: RECEIVER_MADE_IN_THE_CONSOLE_WEBHOOK_URL');
    expect(JSON.stringify(drift)).not.toContain('CANARY');
    for (const f of drift.writeBack!.files) expect(f.text).not.toContain('CANARY');
    expect(drift.writeBack!.adopted).toEqual([
      expect.objectContaining({
        name: 'made in the console',
        variable: 'RECEIVER_MADE_IN_THE_CONSOLE_WEBHOOK_URL',
      }),
    ]);
  });

  it('refuses a file to adopt into that the next run would not read, and writes nothing', async () => {
    await repository();
    const ctx = run({ root: world.out, paths: ['receivers'] }).ctx;
    world.sandbox.resetLog();
    await expect(
      runDrift(ctx, { remediate: false, adopt: { into: 'elsewhere/adopted.yaml', tree: true } }),
    ).rejects.toThrow(/elsewhere\/adopted.yaml, is outside the paths the drift check reads \(receivers\)/);
    await expect(
      runDrift(ctx, { remediate: false, adopt: { into: 'receivers/adopted.txt', tree: true } }),
    ).rejects.toThrow(/must end in .yaml or .yml/);
    await expect(runDrift(ctx, { remediate: true, adopt: { into: null, tree: true } })).rejects.toThrow(
      /not both/,
    );
    // Each refused before any request.
    expect(world.sandbox.requests).toEqual([]);
    await expect(
      runDrift(ctx, { remediate: false, adopt: { into: '../outside.yaml', tree: true } }),
    ).rejects.toThrow(/outside the paths/);
    expect(world.sandbox.requests).toEqual([]);
  });

  it('puts adopted documents beside the first path read, or in the file named, relative to where the command runs', async () => {
    await repository();
    const at = (paths: string[], into: string | null, pathsFrom?: string) =>
      adoptionFile(run({ root: world.out, paths, ...(pathsFrom ? { pathsFrom } : {}) }).ctx, into);
    expect(await at(['.'], null)).toBe('adopted/{cluster}.yaml');
    expect(await at(['receivers'], null)).toBe('receivers/adopted/{cluster}.yaml');
    expect(await at(['api-p99-latency.yaml', 'receivers'], null)).toBe('receivers/adopted/{cluster}.yaml');
    // Only files read: the first of them, which the next run reads.
    expect(await at(['receivers/slack-oncall.yaml', 'api-p99-latency.yaml'], null)).toBe(
      'receivers/slack-oncall.yaml',
    );
    expect(await at(['.'], 'team/{cluster}.yml', join(world.out, 'receivers'))).toBe(
      'receivers/team/{cluster}.yml',
    );
    expect(await at(['receivers/slack-oncall.yaml'], 'receivers/slack-oncall.yaml')).toBe(
      'receivers/slack-oncall.yaml',
    );
  });

  it('writes nothing when git and the service agree, and says which drift it cannot write back', async () => {
    await repository();
    const quiet = run({ root: world.out, paths: ['.'] });
    const none = await runDrift(quiet.ctx, { remediate: false, adopt: { into: null, tree: true } });
    expect(none.writeBack).toEqual({ files: [], adopted: [], toDecide: [], notWritten: [] });
    expect(quiet.progress).toContain('drift --write: 0 files written');

    // A receiver made an email receiver in the console: its new secret is for a person to name.
    const client = run().ctx.service();
    const slack = (await client.getAlertReceivers(ACME)).find((r) => r.type === 'SLACK')!;
    await client.editAlertReceiver(slack.id, {
      name: slack.name,
      description: '',
      type: 'EMAIL',
      send_resolved: true,
      to: 'oncall@acme.example',
      from: 'alerts@acme.example',
      smarthost: 'smtp.acme.example:587',
      require_tls: true,
      auth_password: 'not-in-any-file',
    });
    const retyped = run({ root: world.out, paths: ['.'] });
    const report = await runDrift(retyped.ctx, { remediate: false, adopt: { into: null, tree: true } });
    expect(report.writeBack!.notWritten).toEqual([
      { name: slack.name, file: `receivers/${slack.name}.yaml`, reason: 'its type was changed outside git' },
    ]);
    expect(retyped.progress).toContain(
      `drift: receivers/${slack.name}.yaml ${slack.name} not written back: its type was changed outside git`,
    );
    expect(readFileSync(join(world.out, 'receivers', `${slack.name}.yaml`), 'utf8')).toContain('type: SLACK');
  });

  it('renames a receiver renamed in the console in its document and in the rules that name it, so that plan resolves them again', async () => {
    await repository();
    const client = run().ctx.service();
    const slack = (await client.getAlertReceivers(ACME)).find((r) => r.name === 'slack-oncall')!;
    await client.editAlertReceiver(slack.id, {
      name: 'slack-pager',
      description: slack.description,
      type: 'SLACK',
      send_resolved: slack.send_resolved,
      webhook_url: null,
    });
    const commented = readFileSync(join(world.out, 'api-p99-latency.yaml'), 'utf8');
    expect(commented).toContain('  - slack-oncall\n');
    const drift = await runDrift(run({ root: world.out, paths: ['.'] }).ctx, {
      remediate: false,
      adopt: { into: null, tree: true },
    });
    expect(readFileSync(join(world.out, 'api-p99-latency.yaml'), 'utf8')).toBe(
      commented.replace('  - slack-oncall\n', '  - slack-pager\n'),
    );
    expect(readFileSync(join(world.out, 'receivers', 'slack-oncall.yaml'), 'utf8')).toContain(
      'name: slack-pager\n',
    );
    // The receiver is the one adopted edit; the rules only follow its name.
    expect(drift.writeBack!.adopted.map((a) => a.name)).toEqual(['slack-oncall']);

    const again = await runPlan(run({ root: world.out, paths: ['.'] }).ctx);
    expect(again.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const pending = again.plan!.changes.filter((c) => c.action !== 'noop');
    expect(pending).toEqual([]);
  });
});
