import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGitReader } from '../../../src/git/git-reader.js';
import { EvidenceLookup, MAX_COMMITS_ASKED, type RunHistory } from '../../../src/github/evidence-lookup.js';
import { createGitHubClient, type GitHubClient } from '../../../src/github/github-client.js';
import type { SourceLinks } from '../../../src/report/change-markdown.js';
import { checkRunName } from '../../../src/report/markers.js';
import type { RunReport } from '../../../src/run/reports.js';
import { type FakeGitHub, startFakeGitHub } from '../../helpers/fake-github.js';
import { gitSync } from '../../helpers/git.js';
import { change, plan, report } from '../report/report-factory.js';

const FILES = [0, 1, 2, 3, 4, 5].map((i) => `alerting/rules-${i}.yaml`);
const NAME = checkRunName('apply', ['alerting']);

describe('where each changed rule came from', () => {
  let repo: string;
  /** The commit that last changed each file, one commit per file. */
  const commits: string[] = [];
  let github: FakeGitHub;
  let client: GitHubClient;
  /** The run's lookup over the test repository's history, as of its head unless `history` says otherwise. */
  const lookup = (history: Partial<RunHistory> = {}) =>
    new EvidenceLookup({
      owner: 'acme',
      repo: 'gitops',
      paths: ['alerting'],
      checks: true,
      history: { git: createGitReader(repo), base: null, head: null, ...history },
    });
  const withProvenance = (r: RunReport, links: SourceLinks, history: RunHistory) =>
    lookup(history).provenanceLinks(client, r, links);
  const applied = (sha: string, conclusion: string) => github.addCheckRun(NAME, sha, conclusion);

  beforeAll(() => {
    repo = mkdtempSync(join(tmpdir(), 'provenance-'));
    gitSync(repo, 'init', '-q', '-b', 'main');
    mkdirSync(join(repo, 'alerting'));
    for (const file of FILES) {
      writeFileSync(join(repo, file), `name: ${file}\n`);
      gitSync(repo, 'add', '-A');
      gitSync(repo, 'commit', '-q', '-m', `add ${file}`);
      commits.push(gitSync(repo, 'rev-parse', 'HEAD'));
    }
  });
  afterAll(() => rmSync(repo, { recursive: true, force: true }));
  beforeEach(async () => {
    github = await startFakeGitHub();
    client = createGitHubClient(github.token, { baseUrl: github.url, retryBaseMs: 1 });
  });
  afterEach(async () => {
    await github.close();
  });

  it('links the pull request and tells the apply of the first commits, two requests each, the rest by commit only', async () => {
    const pr = github.addPullRequest();
    github.mergePullRequest(pr, commits[0]!);
    applied(commits[0]!, 'success');
    applied(commits[1]!, 'failure');
    const found = await lookup().fileProvenance(client, FILES);
    expect(found.get(FILES[0]!)).toEqual({
      sha: commits[0],
      pullRequest: { number: pr, url: `https://github.example/acme/gitops/pull/${pr}` },
      apply: 'succeeded',
      asOf: 'head',
    });
    expect(found.get(FILES[1]!)).toMatchObject({ pullRequest: null, apply: 'did not succeed' });
    expect(found.get(FILES[2]!)).toMatchObject({ pullRequest: null, apply: 'unknown' });
    // Past the cap: the commit, and no claim about its apply or pull request.
    expect(found.get(FILES[5]!)).toEqual({
      sha: commits[5],
      pullRequest: null,
      apply: 'not asked',
      asOf: 'head',
    });
    expect(github.requests).toHaveLength(2 * MAX_COMMITS_ASKED);
  });

  it('claims nothing when GitHub fails, and asks nothing without history or such changes', async () => {
    github.switches = { failNext: 100 };
    const found = await lookup().fileProvenance(client, FILES.slice(0, 1));
    expect(found.get(FILES[0]!)).toMatchObject({ sha: commits[0], pullRequest: null, apply: 'unknown' });
    github.switches = {};
    github.requests.length = 0;
    const links = { server: 'https://github.example', repository: 'acme/gitops', sha: commits[5]! };
    const updates = report({ plan: plan([change(1, 'update'), change(2, 'create')]) });
    // No history (not a git repository, or the base is not in the clone): the links as they were.
    const plain = mkdtempSync(join(tmpdir(), 'provenance-plain-'));
    try {
      const history = { git: createGitReader(plain), base: 'HEAD', head: null };
      expect(await withProvenance(updates, links, history)).toBe(links);
    } finally {
      rmSync(plain, { recursive: true, force: true });
    }
    const creates = report({ plan: plan([change(2, 'create')]) });
    const history = { git: createGitReader(repo), base: null, head: null };
    expect(await withProvenance(creates, links, history)).toBe(links);
    expect(github.requests).toHaveLength(0);
    // An update's file, as of the head: one commit asked about.
    const withFile = await withProvenance(updates, links, history);
    expect(withFile?.provenance?.get('alerting/rules-1.yaml')).toMatchObject({
      sha: commits[1],
      asOf: 'head',
    });
    expect(github.requests).toHaveLength(2);
  });
  it("reuses the push run's answer about its base commit's apply instead of asking again", async () => {
    const links = { server: 'https://github.example', repository: 'acme/gitops', sha: commits[5]! };
    applied(commits[1]!, 'failure');
    // The push run asked how its base's apply went, before its command ran.
    const asked = lookup({ base: commits[1]! });
    expect(await asked.baseApplied(client)).toMatchObject({
      applied: false,
      commit: commits[1],
      concluded: true,
    });
    github.requests.length = 0;
    const pushed = report({ command: 'apply', plan: plan([change(1, 'update')]) });
    const found = await asked.provenanceLinks(client, pushed, links);
    expect(found?.provenance?.get('alerting/rules-1.yaml')).toMatchObject({
      sha: commits[1],
      apply: 'did not succeed',
      asOf: 'base',
    });
    expect(github.requests.map((r) => r.path)).toEqual([`/repos/acme/gitops/commits/${commits[1]}/pulls`]);
  });

  it('keeps the base evidence the run told without asking (checks off), and asks nothing without a base', async () => {
    const links = { server: 'https://github.example', repository: 'acme/gitops', sha: commits[5]! };
    const unchecked = new EvidenceLookup({
      owner: 'acme',
      repo: 'gitops',
      paths: ['alerting'],
      checks: false,
      history: { git: createGitReader(repo), base: commits[1]!, head: null },
    });
    expect(await unchecked.baseApplied(client)).toMatchObject({ applied: false, commit: commits[1] });
    expect(github.requests).toHaveLength(0);
    const found = await unchecked.provenanceLinks(
      client,
      report({ plan: plan([change(1, 'update')]) }),
      links,
    );
    expect(found?.provenance?.get('alerting/rules-1.yaml')).toMatchObject({
      sha: commits[1],
      apply: 'unknown',
    });
    expect(github.requests.map((r) => r.path)).toEqual([`/repos/acme/gitops/commits/${commits[1]}/pulls`]);
    github.requests.length = 0;
    expect(await lookup().baseApplied(client)).toMatchObject({ applied: false, commit: null });
    expect(github.requests).toHaveLength(0);
  });

  it("asks the pushed commit's pull request once, for its review and for the provenance of a file it last changed", async () => {
    const pr = github.addPullRequest();
    github.mergePullRequest(pr, commits[1]!);
    applied(commits[1]!, 'success');
    // A push that opened the branch: no base, so provenance is as of the head, where the pushed commit
    // last changed the file.
    const asked = lookup();
    const found = await asked.reviewedPlan(client, commits[1]!, '<!-- platform-gitops -->');
    expect(found).toMatchObject({ why: `pull request #${pr} has no platform-gitops plan comment` });
    const links = { server: 'https://github.example', repository: 'acme/gitops', sha: commits[5]! };
    const linked = await asked.provenanceLinks(client, report({ plan: plan([change(1, 'update')]) }), links);
    expect(linked?.provenance?.get('alerting/rules-1.yaml')).toMatchObject({
      sha: commits[1],
      pullRequest: { number: pr },
      apply: 'succeeded',
      asOf: 'head',
    });
    expect(github.requests.filter((r) => r.path.endsWith(`/commits/${commits[1]}/pulls`))).toHaveLength(1);
    expect(github.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /repos/acme/gitops/commits/${commits[1]}/pulls`,
      `GET /repos/acme/gitops/issues/${pr}/comments`,
      `GET /repos/acme/gitops/commits/${commits[1]}/check-runs`,
    ]);
  });
});
