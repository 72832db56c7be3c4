import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runDrift } from '../../../src/commands/drift.js';
import { runExport } from '../../../src/commands/export.js';
import { Redactor } from '../../../src/core/redact.js';
import { linkDriftIssue } from '../../../src/github/drift-pull-request-publisher.js';
import { createGitHubClient } from '../../../src/github/github-client.js';
import { publishToGitHub } from '../../../src/github/publish.js';
import { editFieldsOfLive } from '../../../src/kinds/alert-rule/normalize.js';
import { countRun } from '../../../src/report/run-counts.js';
import type { ManagedAlertRule } from '../../../src/service/types.js';
import { type FakeGitHub, startFakeGitHub } from '../../helpers/fake-github.js';
import { ACME, useRunWorld } from '../commands/run-context.js';

const { world, run } = useRunWorld('drift-pull-request-');
/** The one receiver's secret, in the runner's environment as the exported document asks: it must go nowhere. */
const CANARY = 'https://hooks.slack.com/services/T0/B0/canary-drift-pull-request';
const ENV = {
  RECEIVER_SLACK_ONCALL_WEBHOOK_URL: CANARY,
  RECEIVER_EMAIL_PLATFORM_AUTH_PASSWORD: `${CANARY}-mail`,
};
const switches = {
  checks: false,
  comment: false,
  driftIssue: true,
  driftLabel: 'platform-gitops-drift',
  driftPullRequest: true,
};

let github: FakeGitHub;
beforeEach(async () => {
  github = await startFakeGitHub();
});
afterEach(async () => {
  await github.close();
});

function filesOf(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else out[relative(dir, path)] = readFileSync(path, 'utf8');
    }
  };
  walk(dir);
  return out;
}

async function consoleEdit(name: string, edit: (rule: ManagedAlertRule) => Partial<ManagedAlertRule>) {
  const client = run().ctx.service();
  const rules = (await client.getAlertRules(ACME)).filter(
    (r): r is ManagedAlertRule => r.source === 'MANAGED',
  );
  const rule = rules.find((r) => r.name === name)!;
  await client.editAlertRule(rule.id, editFieldsOfLive({ ...rule, ...edit(rule) }));

  return rule;
}

const TARGET = {
  owner: 'acme',
  repo: 'gitops',
  workflow: 'platform',
  paths: ['.'],
  checkSha: '',
  pullRequest: null,
  runUrl: 'https://github.com/acme/gitops/actions/runs/7',
};

async function driftAndPublish(baseSha: string, only: Partial<typeof switches> = {}) {
  const redactor = new Redactor();
  const report = await runDrift(run({ root: world.out, paths: ['.'], env: ENV, redactor }).ctx, {
    remediate: false,
    adopt: { into: null, tree: false },
  });
  const client = createGitHubClient(github.token, { baseUrl: github.url });
  const target = { ...TARGET, checkSha: baseSha };
  const published = await publishToGitHub(
    client,
    report,
    countRun(report),
    'neutral',
    target,
    { ...switches, ...only },
    redactor,
  );
  return { report, published };
}

describe('the drift pull request', () => {
  it('is opened once on its fixed branch, updated in place by the next run, and closed with the issue when the drift is gone', async () => {
    await runExport(run({ organizationId: ACME }).ctx, { outDir: world.out });
    const path = join(world.out, 'api-p99-latency.yaml');
    writeFileSync(
      path,
      readFileSync(path, 'utf8').replace(
        /^( {2})threshold: (.*)$/m,
        '$1# agreed in the incident review\n$1threshold: $2',
      ),
    );
    const baseSha = github.git.seed(filesOf(world.out));

    await consoleEdit('api-p99-latency', (r) => ({ condition: { ...r.condition, threshold: 0.9 } }));
    const first = await driftAndPublish(baseSha);
    expect(first.published.notes).toEqual([]);
    expect(github.git.pulls).toHaveLength(1);
    const pull = github.git.pulls[0]!;
    expect(pull).toMatchObject({ state: 'open', head: 'platform-gitops/drift', base: 'main' });
    const branch = () => github.git.refs.get('heads/platform-gitops/drift')!;
    expect(github.git.commits.get(branch())!.parents).toEqual([baseSha]);
    const files = github.git.filesAt(branch());
    expect(files['api-p99-latency.yaml']).toContain('  # agreed in the incident review\n  threshold: 0.9\n');
    // Only the edited file differs from the default branch.
    const base = github.git.filesAt(baseSha);
    expect(Object.keys(files).filter((f) => files[f] !== base[f])).toEqual(['api-p99-latency.yaml']);
    expect(pull.body).toContain('#### Rules edited outside git');
    expect(pull.body).toContain('condition.threshold');
    // The drift issue, posted after the pull request, links it.
    const issue = github.issues.find((i) => !i.pull_request && i.body.includes('platform-gitops:drift:'))!;
    expect(issue.body).toContain(`[the drift pull request](${pull.html_url})`);
    // And the first run's pull request already names the issue it adopts.
    expect(pull.body).toContain(`It adopts the drift reported in #${issue.number}.`);

    // The next run, after another console edit: the same pull request and branch, rebuilt on the base.
    await consoleEdit('api-p99-latency', () => ({ severity: 'CRITICAL' }));
    const second = await driftAndPublish(baseSha);
    expect(second.published.notes).toEqual([]);
    expect(github.git.pulls).toHaveLength(1);
    expect(github.git.commits.get(branch())!.parents).toEqual([baseSha]);
    expect(github.git.filesAt(branch())['api-p99-latency.yaml']).toMatch(
      /threshold: 0.9\n[\s\S]*severity: CRITICAL\n/,
    );
    // Now that the issue exists, the pull request links it.
    expect(pull.body).toContain(`It adopts the drift reported in #${issue.number}.`);
    const refWrites = github.requests.filter((r) => r.path.includes('/git/refs'));
    expect(
      refWrites.map((r) => [
        r.method,
        r.path.replace(/^.*\/git\//, ''),
        (r.body as { force?: boolean }).force,
      ]),
    ).toEqual([
      ['POST', 'refs', undefined],
      // octokit encodes the ref's slashes in the path.
      ['PATCH', 'refs/heads%2Fplatform-gitops%2Fdrift', true],
    ]);
    // An unchanged run pushes nothing.
    const before = github.requests.length;
    await driftAndPublish(baseSha);
    expect(
      github.requests
        .slice(before)
        .filter(
          (r) => r.path.includes('/git/refs') || (r.path.includes('/git/commits') && r.method === 'POST'),
        ),
    ).toEqual([]);

    // The team merges: the documents say what the service does, and the next run closes both.
    for (const [file, text] of Object.entries(github.git.filesAt(branch())))
      writeFileSync(join(world.out, file), text);
    const merged = github.git.seed(filesOf(world.out));
    const last = await driftAndPublish(merged);
    expect(last.report.writeBack!.files).toEqual([]);
    expect(pull.state).toBe('closed');
    expect(github.git.refs.has('heads/platform-gitops/drift')).toBe(false);
    expect(issue.state).toBe('closed');
    expect(github.comments.map((c) => c.body)).toContain(
      'Git and the service agree again at commit `' +
        merged.slice(0, 7) +
        '` in [this run](https://github.com/acme/gitops/actions/runs/7): closing.',
    );

    // The canary: the receivers' secrets were in the environment of every run, and went nowhere.
    expect(JSON.stringify(github.requests)).not.toContain('canary');
    expect(JSON.stringify([...github.git.blobs.values()])).not.toContain('canary');
  });

  it('opens the drift issue for a rule made in the console alone, lists it as adopted, and the first pull request names that issue', async () => {
    await runExport(run({ organizationId: ACME }).ctx, { outDir: world.out });
    const baseSha = github.git.seed(filesOf(world.out));
    const client = run().ctx.service();
    const model = (await client.getAlertRules(ACME)).find(
      (r): r is ManagedAlertRule => r.source === 'MANAGED' && r.name === 'web-availability',
    )!;
    await client.createAlertRule({
      ...editFieldsOfLive(model),
      name: 'made-in-the-console',
      organization_id: ACME,
      cluster_id: model.cluster_id,
      target: model.target,
    });

    const first = await driftAndPublish(baseSha);
    expect(first.published.notes).toEqual([]);
    // Nothing differs from a document: only the rule no document manages.
    expect(first.report.plan!.changes.filter((c) => c.action !== 'noop')).toEqual([]);
    const pull = github.git.pulls[0]!;
    expect(github.git.filesAt(github.git.refs.get('heads/platform-gitops/drift')!)).toHaveProperty(
      'adopted/prod-eu.yaml',
    );
    const issues = github.issues.filter((i) => !i.pull_request && i.body.includes('platform-gitops:drift:'));
    expect(issues).toHaveLength(1);
    const issue = issues[0]!;
    expect(issue.state).toBe('open');
    expect(issue.body).toContain('found 1 alert rule made outside git, which no document manages');
    expect(issue.body).toContain('#### Made outside git, adopted by the pull request');
    expect(issue.body).toMatch(/- alert rule `made-in-the-console` \(`[^`]+`\) → `adopted\/prod-eu\.yaml`/);
    expect(issue.body).toContain(`[the drift pull request](${pull.html_url})`);
    expect(pull.body).toContain(`It adopts the drift reported in #${issue.number}.`);
    // One edit of the pull request names the issue opened after it; the first run makes no other.
    const pullWrites = () =>
      github.requests.filter((r) => r.method !== 'GET' && /\/pulls(\/\d+)?$/.test(r.path));
    expect(pullWrites().map((r) => r.method)).toEqual(['POST', 'PATCH']);

    // When that edit is refused, the run says so in the pull request's one note.
    github.switches = { issuesForbidden: true };
    const input = {
      github: createGitHubClient(github.token, { baseUrl: github.url }),
      report: first.report,
      counts: countRun(first.report),
      conclusion: 'neutral' as const,
      target: { ...TARGET, checkSha: baseSha },
      switches,
      links: null,
      redact: (text: string) => text,
    };
    expect(await linkDriftIssue(input, pull.number, issue.number)).toBe(
      'Drift pull request not updated: the token lacks the contents: write and pull-requests: write permissions.',
    );
    github.switches = {};

    // The next run finds both as they are: it edits neither, and moves no branch (blobs and a tree are
    // made to compare the branch's tree, as on every run).
    const before = github.requests.length;
    const again = await driftAndPublish(baseSha);
    expect(again.published.notes).toEqual([]);
    expect(
      github.requests
        .slice(before)
        .filter((r) => r.method !== 'GET' && !/\/git\/(blobs|trees)$/.test(r.path))
        .map((r) => `${r.method} ${r.path}`),
    ).toEqual([]);
  });

  it('opens the drift issue for a receiver made in the console alone, without its secret', async () => {
    await runExport(run({ organizationId: ACME }).ctx, { outDir: world.out });
    const baseSha = github.git.seed(filesOf(world.out));
    await run()
      .ctx.service()
      .createAlertReceiver(ACME, {
        name: 'made in the console',
        description: '',
        type: 'SLACK',
        send_resolved: true,
        webhook_url: `${CANARY}-console`,
      });
    const { published } = await driftAndPublish(baseSha);
    expect(published.notes).toEqual([]);
    const issue = github.issues.find((i) => !i.pull_request && i.body.includes('platform-gitops:drift:'))!;
    expect(issue.state).toBe('open');
    expect(issue.body).toContain('found 1 alert receiver made outside git, which no document manages');
    expect(issue.body).toContain('- alert receiver `made in the console` (');
    expect(github.git.pulls[0]!.body).toContain(`It adopts the drift reported in #${issue.number}.`);
    expect(JSON.stringify(github.requests)).not.toContain('canary');
  });

  it('says in one note when the token may not write contents or pull requests, and fails nothing else', async () => {
    await runExport(run({ organizationId: ACME }).ctx, { outDir: world.out });
    const baseSha = github.git.seed(filesOf(world.out));
    await consoleEdit('api-p99-latency', (r) => ({ condition: { ...r.condition, threshold: 0.9 } }));
    github.switches = { issuesForbidden: true };
    const { published } = await driftAndPublish(baseSha);
    expect(published.notes).toEqual([
      'Drift pull request not updated: the token lacks the contents: write and pull-requests: write permissions.',
      'Drift issue not updated: the token lacks the issues: write permission.',
    ]);
    expect(github.git.refs.has('heads/platform-gitops/drift')).toBe(false);
  });

  it('without the drift issue links none, and closes even when a person deleted the branch first', async () => {
    await runExport(run({ organizationId: ACME }).ctx, { outDir: world.out });
    const baseSha = github.git.seed(filesOf(world.out));
    await consoleEdit('api-p99-latency', (r) => ({ condition: { ...r.condition, threshold: 0.9 } }));
    const opened = await driftAndPublish(baseSha, { driftIssue: false });
    expect(opened.published.notes).toEqual([]);
    const pull = github.git.pulls[0]!;
    expect(pull.body).not.toContain('reported in #');
    expect(github.requests.filter((r) => r.path.endsWith('/issues'))).toEqual([]);

    const head = github.git.refs.get('heads/platform-gitops/drift')!;
    for (const [file, text] of Object.entries(github.git.filesAt(head)))
      writeFileSync(join(world.out, file), text);
    github.git.refs.delete('heads/platform-gitops/drift');
    const closed = await driftAndPublish(github.git.seed(filesOf(world.out)), { driftIssue: false });
    expect(closed.published.notes).toEqual([]);
    expect(pull.state).toBe('closed');
  });
});
