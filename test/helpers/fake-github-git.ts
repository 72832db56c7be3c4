import { createHash } from 'node:crypto';

/**
 * The Git data and pull-request endpoints of the fake GitHub (fake-github.ts): blobs, trees, commits and
 * refs kept in memory as GitHub keeps them (content-addressed, a tree on a base tree), the repository's
 * default branch, and pull requests from a branch. Enough for the drift pull request, recorded like every
 * other request of the fake.
 */

export interface FakeGitCommit {
  readonly sha: string;
  readonly tree: string;
  readonly parents: readonly string[];
  readonly message: string;
}

export interface FakePull {
  number: number;
  title: string;
  body: string;
  state: 'open' | 'closed';
  head: string;
  base: string;
  html_url: string;
}

export interface FakeGit {
  readonly blobs: Map<string, string>;
  /** Tree sha → path → blob sha (flat: the fake keeps every path of a tree in one map). */
  readonly trees: Map<string, ReadonlyMap<string, string>>;
  readonly commits: Map<string, FakeGitCommit>;
  /** `heads/<branch>` → commit sha. */
  readonly refs: Map<string, string>;
  readonly pulls: FakePull[];
  /**
   * A commit of these files on no parent, `main` pointing at it: the repository's default branch. `sha`:
   * the commit's own (the GITHUB_SHA of a run), else one made from its content.
   */
  seed(files: Readonly<Record<string, string>>, sha?: string): string;
  /** The files of a commit, by path. */
  filesAt(commitSha: string): Record<string, string>;
}

type Reply = { status: number; body?: unknown };

const sha = (kind: string, content: string) => createHash('sha1').update(`${kind}\0${content}`).digest('hex');

export function fakeGit(
  baseUrl: () => string,
  nextNumber: () => number,
): {
  git: FakeGit;
  // biome-ignore lint/suspicious/noExplicitAny: request bodies are arbitrary JSON, checked field by field.
  route: (method: string, path: string, query: Record<string, string>, body: any) => Reply | null;
} {
  const git: FakeGit = {
    blobs: new Map(),
    trees: new Map(),
    commits: new Map(),
    refs: new Map(),
    pulls: [],
    seed(files, commitSha) {
      const tree = new Map<string, string>();
      for (const [path, text] of Object.entries(files)) {
        const blob = sha('blob', text);
        git.blobs.set(blob, text);
        tree.set(path, blob);
      }
      const treeSha = sha('tree', JSON.stringify([...tree].sort()));
      git.trees.set(treeSha, tree);
      const commit = {
        sha: commitSha ?? sha('commit', `${treeSha} seed`),
        tree: treeSha,
        parents: [],
        message: 'seed',
      };
      git.commits.set(commit.sha, commit);
      git.refs.set('heads/main', commit.sha);
      return commit.sha;
    },
    filesAt(commitSha) {
      const tree = git.trees.get(git.commits.get(commitSha)!.tree)!;
      return Object.fromEntries([...tree].map(([path, blob]) => [path, git.blobs.get(blob)!]));
    },
  };
  const repo = /^\/repos\/[^/]+\/[^/]+/;
  const route = (
    method: string,
    fullPath: string,
    query: Record<string, string>,
    // biome-ignore lint/suspicious/noExplicitAny: request bodies are arbitrary JSON, checked field by field.
    body: any,
  ): Reply | null => {
    const head = fullPath.match(repo);
    if (!head) return null;
    // octokit sends a ref's slashes encoded (`heads%2Fplatform-gitops%2Fdrift`); GitHub reads them as slashes.
    const path = decodeURIComponent(fullPath.slice(head[0].length));
    const notFound = { status: 404, body: { message: 'Not Found' } };
    if (path === '' && method === 'GET') return { status: 200, body: { default_branch: 'main' } };
    let m = path.match(/^\/git\/commits\/([0-9a-f]{40})$/);
    if (m && method === 'GET') {
      const commit = git.commits.get(m[1]!);
      if (!commit) return notFound;
      return {
        status: 200,
        body: {
          sha: commit.sha,
          tree: { sha: commit.tree },
          parents: commit.parents.map((p) => ({ sha: p })),
        },
      };
    }
    if (path === '/git/blobs' && method === 'POST') {
      if (body?.encoding !== 'utf-8' || typeof body.content !== 'string')
        return { status: 422, body: { message: 'content' } };
      const blob = sha('blob', body.content);
      git.blobs.set(blob, body.content);
      return { status: 201, body: { sha: blob } };
    }
    if (path === '/git/trees' && method === 'POST') {
      const base = git.trees.get(body.base_tree);
      if (!base) return { status: 422, body: { message: 'base_tree not found' } };
      const tree = new Map(base);
      for (const entry of body.tree as { path: string; sha: string; mode: string; type: string }[]) {
        if (entry.mode !== '100644' || entry.type !== 'blob' || !git.blobs.has(entry.sha)) {
          return { status: 422, body: { message: `bad tree entry ${entry.path}` } };
        }
        tree.set(entry.path, entry.sha);
      }
      const treeSha = sha('tree', JSON.stringify([...tree].sort()));
      git.trees.set(treeSha, tree);
      return { status: 201, body: { sha: treeSha } };
    }
    if (path === '/git/commits' && method === 'POST') {
      if (!git.trees.has(body.tree) || !(body.parents as string[]).every((p) => git.commits.has(p))) {
        return { status: 422, body: { message: 'tree or parent not found' } };
      }
      const commit = {
        sha: sha('commit', `${body.tree} ${body.parents.join(' ')} ${body.message}`),
        tree: body.tree,
        parents: body.parents,
        message: body.message,
      };
      git.commits.set(commit.sha, commit);
      return { status: 201, body: { sha: commit.sha } };
    }
    m = path.match(/^\/git\/ref\/(heads\/.+)$/);
    if (m && method === 'GET') {
      const at = git.refs.get(m[1]!);
      return at ? { status: 200, body: { ref: `refs/${m[1]}`, object: { sha: at } } } : notFound;
    }
    if (path === '/git/refs' && method === 'POST') {
      const name = String(body.ref).replace(/^refs\//, '');
      if (git.refs.has(name)) return { status: 422, body: { message: 'Reference already exists' } };
      git.refs.set(name, body.sha);
      return { status: 201, body: { ref: body.ref, object: { sha: body.sha } } };
    }
    m = path.match(/^\/git\/refs\/(heads\/.+)$/);
    if (m && method === 'PATCH') {
      const name = m[1]!;
      const at = git.refs.get(name);
      if (!at) return { status: 422, body: { message: 'Reference does not exist' } };
      const fastForward = git.commits.get(body.sha)?.parents.includes(at) ?? false;
      if (!fastForward && body.force !== true)
        return { status: 422, body: { message: 'Update is not a fast forward' } };
      git.refs.set(name, body.sha);
      return { status: 200, body: { ref: `refs/${name}`, object: { sha: body.sha } } };
    }
    if (m && method === 'DELETE') {
      if (!git.refs.delete(m[1]!)) return { status: 422, body: { message: 'Reference does not exist' } };
      return { status: 204 };
    }
    if (path === '/pulls' && method === 'GET') {
      const branch = String(query.head ?? '')
        .split(':')
        .pop();
      const found = git.pulls.filter(
        (p) => (query.state ?? 'open') === p.state && (!query.head || p.head === branch),
      );
      return { status: 200, body: found };
    }
    if (path === '/pulls' && method === 'POST') {
      if (!git.refs.has(`heads/${body.head}`))
        return { status: 422, body: { message: 'head does not exist' } };
      if (git.pulls.some((p) => p.state === 'open' && p.head === body.head)) {
        return { status: 422, body: { message: `A pull request already exists for ${body.head}.` } };
      }
      const number = nextNumber();
      const pull: FakePull = {
        number,
        title: body.title,
        body: body.body ?? '',
        state: 'open',
        head: body.head,
        base: body.base,
        html_url: `${baseUrl()}/pull/${number}`,
      };
      git.pulls.push(pull);
      return { status: 201, body: pull };
    }
    m = path.match(/^\/pulls\/(\d+)$/);
    if (m && method === 'PATCH') {
      const pull = git.pulls.find((p) => p.number === Number(m![1]));
      if (!pull) return notFound;
      if (typeof body.title === 'string') pull.title = body.title;
      if (typeof body.body === 'string') pull.body = body.body;
      if (body.state === 'open' || body.state === 'closed') pull.state = body.state;
      return { status: 200, body: pull };
    }
    return null;
  };
  return { git, route };
}
