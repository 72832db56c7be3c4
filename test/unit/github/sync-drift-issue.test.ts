import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGitHubClient, type GitHubClient } from '../../../src/github/github-client.js';
import { syncDriftIssue } from '../../../src/github/sync-drift-issue.js';
import { renderDriftIssue } from '../../../src/report/drift-issue.js';
import { driftMarker } from '../../../src/report/markers.js';
import { type FakeGitHub, startFakeGitHub } from '../../helpers/fake-github.js';
import { change, plan, report } from '../report/report-factory.js';

const MARKER = driftMarker(['alerting']);
const context = {
  paths: ['alerting'],
  sha: 'd'.repeat(40),
  runUrl: 'https://github.com/acme/gitops/actions/runs/9',
};
const drifted = (n: number) =>
  renderDriftIssue(
    report({ command: 'drift', plan: plan(Array.from({ length: n }, (_, i) => change(i))) }),
    MARKER,
    context,
  );

describe('syncDriftIssue', () => {
  let github: FakeGitHub;
  let client: GitHubClient;
  const target = { owner: 'acme', repo: 'gitops', label: 'platform-gitops-drift', marker: MARKER };

  beforeEach(async () => {
    github = await startFakeGitHub();
    client = createGitHubClient(github.token, { baseUrl: github.url });
  });
  afterEach(async () => {
    await github.close();
  });

  it('opens one labelled issue, updates it with the current table, closes it with a comment', async () => {
    expect(await syncDriftIssue(client, target, drifted(0))).toBe('none');
    expect(github.issues).toHaveLength(0);

    expect(await syncDriftIssue(client, target, drifted(2))).toBe('opened');
    expect(github.labels.get('platform-gitops-drift')).toMatchObject({ color: 'd93f0b' });
    expect(github.issues).toHaveLength(1);
    expect(github.issues[0]).toMatchObject({ state: 'open', labels: [{ name: 'platform-gitops-drift' }] });

    expect(await syncDriftIssue(client, target, drifted(3))).toBe('updated');
    expect(await syncDriftIssue(client, target, drifted(3))).toBe('unchanged');
    expect(github.issues).toHaveLength(1);
    expect(github.issues[0]!.body).toContain('found 3 alert rules');

    expect(await syncDriftIssue(client, target, drifted(0))).toBe('closed');
    expect(github.issues[0]).toMatchObject({ state: 'closed', state_reason: 'completed' });
    expect(github.comments.map((c) => c.body)).toEqual([
      'No drift any more at commit `ddddddd` in [this run](https://github.com/acme/gitops/actions/runs/9): closing.',
    ]);
  });

  it('ignores issues of another path set and pull requests with the label', async () => {
    const other = driftMarker(['other']);
    await client.rest.issues.create({
      owner: 'acme',
      repo: 'gitops',
      title: 'x',
      body: other,
      labels: [target.label],
    });
    expect(await syncDriftIssue(client, target, drifted(1))).toBe('opened');
    expect(github.issues.filter((i) => i.state === 'open')).toHaveLength(2);
  });

  it('leaves one open issue when two runs race to open it: the newer is closed as a duplicate', async () => {
    github.switches = { raceOnIssueCreate: true };
    expect(await syncDriftIssue(client, target, drifted(2))).toBe('updated');
    const open = github.issues.filter((i) => i.state === 'open');
    expect(open.map((i) => i.number)).toEqual([1]);
    expect(github.issues[1]).toMatchObject({ state: 'closed', state_reason: 'not_planned' });
    expect(github.comments).toEqual([expect.objectContaining({ issue_number: 2, body: 'Duplicate of #1.' })]);
  });
});
