/**
 * Pushes through the bundled action against the sandbox and a fake GitHub: a push to the default branch
 * applies exactly the plan, a push elsewhere only plans, and a failed write brings the cluster's recent
 * log entries into the summary, within its size limit even when the log is 5 MB.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { liveRule, setDeployments } from '../../src/sandbox/index.js';
import { at, deployment, failure, info, PROD_EU } from '../unit/logs/deployments.js';
import { commitEdit, exampleRepository, pushEvent, runAction, useActionWorld } from './action-runner.js';

const { sandbox, github, inputs, writes } = useActionWorld('alerting');
const RULE = 'a2a2a2a2-0000-4000-8000-000000000501';

describe('push', () => {
  it('plans a push to another branch and says why nothing was applied', async () => {
    const { dir, first } = await exampleRepository();
    const second = await commitEdit(dir, 'alerting/api.yaml', (t) =>
      t.replace('severity: HIGH', 'severity: LOW'),
    );
    sandbox().resetLog();
    const run = await runAction({
      workspace: dir,
      eventName: 'push',
      payload: pushEvent(first, second, 'refs/heads/feature'),
      inputs: inputs(),
      githubUrl: github().url,
      sha: second,
    });
    expect(run.code, run.stdout).toBe(0);
    expect(run.outputs.command).toBe('plan');
    const plan = JSON.parse(await readFile(run.outputs['plan-json']!, 'utf8'));
    const pending = plan.changes.filter((c: { action: string }) => c.action !== 'noop');
    expect(run.outputs.changes).toBe(String(pending.length));
    expect(pending).toContainEqual(
      expect.objectContaining({
        id: RULE,
        action: 'update',
        diff: [{ path: 'severity', before: 'HIGH', after: 'LOW' }],
      }),
    );
    expect(writes()).toEqual([]);
    expect(run.summary).toContain(
      'Push to refs/heads/feature, not the default branch (main): the plan was made and not applied.',
    );
  });

  it('fails a push to the default branch without an api-token: one error, a summary saying nothing was applied', async () => {
    const { dir, first } = await exampleRepository();
    const second = await commitEdit(dir, 'alerting/api.yaml', (t) =>
      t.replace('severity: HIGH', 'severity: LOW'),
    );
    sandbox().resetLog();
    const run = await runAction({
      workspace: dir,
      eventName: 'push',
      payload: pushEvent(first, second),
      inputs: { ...inputs(), 'api-token': '' },
      sha: second,
      inProcess: true,
    });
    expect(run.code, run.stdout).toBe(1);
    expect(run.annotations).toEqual([
      expect.stringMatching(
        /^::error::The api-token input is empty, and the apply this push event runs needs the service: nothing was applied\. Give the step `api-token: /,
      ),
    ]);
    expect(run.stdout).not.toContain('only offline validation ran');
    expect(run.summary).toContain('**Nothing was applied: the api-token input is empty.**');
    expect(run.summary).toContain('secrets.QOVERY_API_TOKEN');
    expect(sandbox().requests).toEqual([]);
  });

  it('fails, saying in the log how to fix it, when a shallow checkout lacks the commit before the push', async () => {
    const { dir } = await exampleRepository();
    const run = await runAction({
      workspace: dir,
      eventName: 'push',
      // fetch-depth: 1 checks out the pushed commit alone: `before` is not in the clone.
      payload: pushEvent('a'.repeat(40), 'f'.repeat(40), 'refs/heads/feature'),
      inputs: inputs(),
      githubUrl: github().url,
      unset: ['GITHUB_STEP_SUMMARY'],
    });
    expect(run.code, run.stdout).toBe(1);
    expect(run.log).toMatch(/revision a{40} cannot be read: it is not in this clone .*fetch-depth: 0/m);
  });

  it('applies a push to the default branch: exactly the planned writes, reported everywhere', async () => {
    const { dir, first } = await exampleRepository();
    const second = await commitEdit(dir, 'alerting/api.yaml', (t) =>
      t.replace('severity: HIGH', 'severity: CRITICAL'),
    );
    sandbox().resetLog();
    const run = await runAction({
      workspace: dir,
      eventName: 'push',
      payload: pushEvent(first, second),
      inputs: inputs(),
      githubUrl: github().url,
      sha: second,
    });
    expect(run.code, run.stdout).toBe(0);
    expect(run.outputs).toMatchObject({ command: 'apply', failed: '0', errors: '0' });
    // Exactly the plan: one write per pending change, each answered with success.
    expect(Number(run.outputs.changes)).toBeGreaterThan(1);
    expect(run.outputs.applied).toBe(run.outputs.changes);
    expect(writes()).toHaveLength(Number(run.outputs.changes));
    expect(writes().every((r) => r.status < 300)).toBe(true);
    expect(writes()).toContainEqual(expect.objectContaining({ method: 'PUT', path: `/alert-rules/${RULE}` }));
    expect(liveRule(sandbox().state, RULE)).toMatchObject({ severity: 'CRITICAL' });
    expect(run.summary).toContain('### Applied');
    expect(run.summary).toMatch(/\| ✔️ done \| ✏️ update \| api-p99-latency \|/);
    // A second push of the same commit finds nothing left to do.
    sandbox().resetLog();
    const again = await runAction({
      workspace: dir,
      eventName: 'push',
      payload: pushEvent(second, second),
      inputs: inputs(),
      githubUrl: github().url,
      sha: second,
    });
    expect(again.outputs).toMatchObject({ command: 'apply', changes: '0', applied: '0' });
    expect(writes()).toEqual([]);
    expect(github().checkRuns.at(-1)).toMatchObject({
      name: 'platform-gitops apply (alerting)',
      head_sha: second,
      conclusion: 'success',
    });
    expect(JSON.parse(run.state.clusters!)).toContainEqual({
      organizationId: '7f1b2c3d-0000-4000-8000-000000000001',
      clusterId: PROD_EU,
    });
  });

  it('fails on a refused write and puts the cluster logs in the summary, under 1 MiB with a 5 MB log', async () => {
    const line = 'x'.repeat(1000);
    const entries = Array.from({ length: 5000 }, (_, i) => info(at(i % 60, i), `${i} ${line}`));
    setDeployments(sandbox().state, PROD_EU, [
      deployment(5, 'ERROR', [...entries, failure(at(59, 9999), 'HELM_CHART_FAILED')]),
    ]);
    const { dir, first } = await exampleRepository();
    const second = await commitEdit(dir, 'alerting/api.yaml', (t) =>
      t.replace('severity: HIGH', 'severity: MEDIUM'),
    );
    sandbox().setFaults({
      script: [
        { operation: 'editAlertRule', status: 400, body: { status: 400, message: 'threshold out of range' } },
      ],
    });
    sandbox().resetLog();
    try {
      const run = await runAction({
        workspace: dir,
        eventName: 'push',
        payload: pushEvent(first, second),
        inputs: { ...inputs(), 'log-entries': '1000' },
        githubUrl: github().url,
        sha: second,
      });
      expect(run.code).toBe(1);
      expect(run.outputs).toMatchObject({ command: 'apply', failed: '1' });
      expect(run.summary).toContain('threshold out of range');
      expect(run.summary).toContain('## Recent cluster log entries');
      expect(run.summary).toContain('HELM\\_CHART\\_FAILED');
      expect(Buffer.byteLength(run.summary)).toBeLessThan(1024 * 1024);
      expect(run.annotations.at(-1)).toMatch(/^::error::apply: .*1 failed/);
      expect(github().checkRuns.at(-1)?.conclusion).toBe('failure');
      expect(run.summary).not.toContain(sandbox().token);
    } finally {
      sandbox().setFaults({});
    }
  });
});
