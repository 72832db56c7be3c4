/**
 * The drift pull request on GitHub: one fixed branch, rebuilt on every run as one commit on the default
 * branch's commit through the Git data API (blobs, a tree on the base tree, a commit, then the ref created
 * or force-updated), and one open pull request from it, found by its branch and edited in place. No other
 * ref is ever written. When there is nothing to adopt, the open pull request is closed with a comment and
 * its branch deleted.
 */
import type { GitHubClient } from './github-client.js';
import { statusOf } from './github-client.js';

export interface DriftPullRequestTarget {
  readonly owner: string;
  readonly repo: string;
  readonly branch: string;
  /** The commit the branch is made on: the default branch's, which the drift run planned. */
  readonly baseSha: string;
}

export interface DriftPullRequestSync {
  readonly title: string;
  readonly body: string;
  readonly commitMessage: string;
  /** Repository-relative path → new text. Empty: close any open pull request. */
  readonly files: readonly { readonly path: string; readonly text: string }[];
  readonly closingComment: string;
}

export type DriftPullRequestOutcome =
  | { readonly action: 'opened' | 'updated' | 'unchanged'; readonly number: number; readonly url: string }
  | { readonly action: 'closed' | 'none' };

export async function syncDriftPullRequest(
  github: GitHubClient,
  target: DriftPullRequestTarget,
  content: DriftPullRequestSync,
): Promise<DriftPullRequestOutcome> {
  const { owner, repo, branch } = target;
  const open = (
    await github.rest.pulls.list({ owner, repo, head: `${owner}:${branch}`, state: 'open', per_page: 10 })
  ).data;
  if (content.files.length === 0) {
    for (const pull of open) {
      await github.rest.issues.createComment({
        owner,
        repo,
        issue_number: pull.number,
        body: content.closingComment,
      });
      await github.rest.pulls.update({ owner, repo, pull_number: pull.number, state: 'closed' });
    }
    if (open.length > 0) await deleteBranch(github, target);
    return { action: open.length > 0 ? 'closed' : 'none' };
  }
  const pushed = await pushBranch(github, target, content);
  const existing = open[0];
  if (existing === undefined) {
    const repository = (await github.rest.repos.get({ owner, repo })).data;
    const created = await github.rest.pulls.create({
      owner,
      repo,
      head: branch,
      base: repository.default_branch,
      title: content.title,
      body: content.body,
    });
    return { action: 'opened', number: created.data.number, url: created.data.html_url };
  }
  const same = existing.title === content.title && (existing.body ?? '') === content.body;
  if (!same) {
    await github.rest.pulls.update({
      owner,
      repo,
      pull_number: existing.number,
      title: content.title,
      body: content.body,
    });
  }
  return {
    action: same && !pushed ? 'unchanged' : 'updated',
    number: existing.number,
    url: existing.html_url,
  };
}

/**
 * One commit of the files on the base commit, the branch moved to it (created, or forced: the branch is
 * the drift check's own). Returns false when the branch already holds exactly that tree on that base.
 */
async function pushBranch(
  github: GitHubClient,
  target: DriftPullRequestTarget,
  content: DriftPullRequestSync,
): Promise<boolean> {
  const { owner, repo, branch, baseSha } = target;
  const base = (await github.rest.git.getCommit({ owner, repo, commit_sha: baseSha })).data;
  const tree = [];
  for (const file of content.files) {
    const blob = await github.rest.git.createBlob({ owner, repo, content: file.text, encoding: 'utf-8' });
    tree.push({ path: file.path, mode: '100644' as const, type: 'blob' as const, sha: blob.data.sha });
  }
  const newTree = (await github.rest.git.createTree({ owner, repo, base_tree: base.tree.sha, tree })).data;
  const current = await branchHead(github, target);
  if (current !== null) {
    const head = (await github.rest.git.getCommit({ owner, repo, commit_sha: current })).data;
    const onBase = head.parents.length === 1 && head.parents[0]!.sha === baseSha;
    if (onBase && head.tree.sha === newTree.sha) return false;
  }
  const commit = (
    await github.rest.git.createCommit({
      owner,
      repo,
      message: content.commitMessage,
      tree: newTree.sha,
      parents: [baseSha],
    })
  ).data;
  if (current === null) {
    await github.rest.git.createRef({ owner, repo, ref: `refs/heads/${branch}`, sha: commit.sha });
  } else {
    await github.rest.git.updateRef({ owner, repo, ref: `heads/${branch}`, sha: commit.sha, force: true });
  }
  return true;
}

async function branchHead(github: GitHubClient, target: DriftPullRequestTarget): Promise<string | null> {
  try {
    const ref = await github.rest.git.getRef({
      owner: target.owner,
      repo: target.repo,
      ref: `heads/${target.branch}`,
    });
    return ref.data.object.sha;
  } catch (error) {
    if (statusOf(error) === 404) return null;
    throw error;
  }
}

async function deleteBranch(github: GitHubClient, target: DriftPullRequestTarget): Promise<void> {
  try {
    await github.rest.git.deleteRef({
      owner: target.owner,
      repo: target.repo,
      ref: `heads/${target.branch}`,
    });
  } catch (error) {
    // Already gone (a person deleted it on closing): what was wanted.
    if (statusOf(error) !== 404 && statusOf(error) !== 422) throw error;
  }
}
