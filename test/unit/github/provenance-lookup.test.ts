import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGitReader } from '../../../src/git/git-reader.js';
import { createGitHubClient, type GitHubClient } from '../../../src/github/github-client.js';
import { fileProvenance, MAX_COMMITS_ASKED, withProvenance } from '../../../src/github/provenance-lookup.js';
import { checkRunName } from '../../../src/report/markers.js';
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
  const lookup = () => ({
    owner: 'acme',
    repo: 'gitops',
    checkName: NAME,
    git: createGitReader(repo),
    rev: 'HEAD',
    asOf: 'head' as const,
  });
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
    const found = await fileProvenance(client, lookup(), FILES);
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
    const found = await fileProvenance(client, lookup(), FILES.slice(0, 1));
    expect(found.get(FILES[0]!)).toMatchObject({ sha: commits[0], pullRequest: null, apply: 'unknown' });
    github.switches = {};
    github.requests.length = 0;
    const target = { owner: 'acme', repo: 'gitops', paths: ['alerting'] };
    const links = { server: 'https://github.example', repository: 'acme/gitops', sha: commits[5]! };
    const updates = report({ plan: plan([change(1, 'update'), change(2, 'create')]) });
    // No history (not a git repository, or the base is not in the clone): the links as they were.
    const plain = mkdtempSync(join(tmpdir(), 'provenance-plain-'));
    try {
      const history = { git: createGitReader(plain), base: 'HEAD', head: null };
      expect(await withProvenance(client, updates, { ...target, links, history })).toBe(links);
    } finally {
      rmSync(plain, { recursive: true, force: true });
    }
    const creates = report({ plan: plan([change(2, 'create')]) });
    const history = { git: createGitReader(repo), base: null, head: null };
    expect(await withProvenance(client, creates, { ...target, links, history })).toBe(links);
    expect(github.requests).toHaveLength(0);
    // An update's file, as of the head: one commit asked about.
    const withFile = await withProvenance(client, updates, { ...target, links, history });
    expect(withFile?.provenance?.get('alerting/rules-1.yaml')).toMatchObject({
      sha: commits[1],
      asOf: 'head',
    });
    expect(github.requests).toHaveLength(2);
  });
  it("reuses the push run's answer about its base commit's apply instead of asking again", async () => {
    const target = { owner: 'acme', repo: 'gitops', paths: ['alerting'] };
    const links = { server: 'https://github.example', repository: 'acme/gitops', sha: commits[5]! };
    const history = { git: createGitReader(repo), base: commits[5]!, head: null };
    const pushed = report({
      command: 'apply',
      plan: plan([change(1, 'update')]),
      baseApplied: { applied: false, commit: commits[1]!, concluded: true, why: 'its apply failed' },
    });
    const found = await withProvenance(client, pushed, { ...target, links, history });
    expect(found?.provenance?.get('alerting/rules-1.yaml')).toMatchObject({
      sha: commits[1],
      apply: 'did not succeed',
      asOf: 'base',
    });
    expect(github.requests.map((r) => r.path)).toEqual([`/repos/acme/gitops/commits/${commits[1]}/pulls`]);
  });
});
