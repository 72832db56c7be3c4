import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FakeGit, fakeGit } from './fake-github-git.js';
import { checkRunOutputProblem, MAX_BODY_CHARS } from './fake-github-limits.js';

/**
 * A small stand-in for GitHub's REST API on 127.0.0.1: the endpoints the action calls (check runs, issue
 * and pull-request comments, issues, labels), GitHub's size limits on what is posted (a 422 like GitHub's),
 * pagination with Link headers, and switches for missing permissions and racing runs. It records every
 * request so that tests can assert payloads.
 */

export interface RecordedGitHubRequest {
  readonly method: string;
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  readonly body: unknown;
  readonly status: number;
  /** The `X-GitHub-Api-Version` header the request carried, or null. */
  readonly apiVersion: string | null;
}

/** The REST API versions GitHub serves; a request naming another is refused with a 400, as GitHub does. */
export const SUPPORTED_API_VERSIONS: readonly string[] = ['2022-11-28'];

export interface FakeCheckRun {
  id: number;
  name: string;
  head_sha: string;
  status: string;
  conclusion: string | null;
  output: { title: string; summary: string; text: string; annotations: Record<string, unknown>[] };
}

export interface FakeComment {
  id: number;
  issue_number: number;
  body: string;
  user: { login: string };
  created_at: string;
}

export interface FakeIssue {
  number: number;
  title: string;
  body: string;
  state: 'open' | 'closed';
  state_reason: string | null;
  labels: { name: string }[];
  created_at: string;
  pull_request?: { url: string };
  /** A merged pull request: the commit its merge made on the base branch. */
  merge_commit_sha?: string;
  merged_at?: string;
}

export interface FakeGitHubSwitches {
  /** 403 on check runs, as for a token without `checks: write`. */
  checksForbidden?: boolean;
  /** 403 on listing a commit's check runs, as for a token without `checks: read`. */
  checksReadForbidden?: boolean;
  /** 403 on issue and pull-request comments and issues, as for a read-only token. */
  issuesForbidden?: boolean;
  /** When an issue is created, another run's identical issue appears first (a race). */
  raceOnIssueCreate?: boolean;
  /** When a comment is created, another run's identical comment appears first (a race). */
  raceOnCommentCreate?: boolean;
  /** Answers this many of the next requests with HTTP 500, as GitHub does in a brief outage. */
  failNext?: number;
  /** Answers the next requests with these rate-limit refusals, one each, in order. */
  rateLimitNext?: RateLimitAnswer[];
}

/**
 * GitHub's rate-limit refusals as its REST documentation describes them: a secondary limit is a 403 whose
 * message names it, with `retry-after`; the primary limit is a 403 or 429 with `x-ratelimit-remaining: 0`
 * and `x-ratelimit-reset` (epoch seconds).
 */
export type RateLimitAnswer =
  | { readonly kind: 'secondary'; readonly retryAfterSeconds: number }
  | { readonly kind: 'primary'; readonly status: 403 | 429; readonly resetInSeconds: number };

function rateLimitReply(answer: RateLimitAnswer): {
  status: number;
  body: unknown;
  headers: Record<string, string>;
} {
  if (answer.kind === 'secondary') {
    return {
      status: 403,
      body: {
        message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
      },
      headers: { 'retry-after': String(answer.retryAfterSeconds) },
    };
  }
  return {
    status: answer.status,
    body: { message: 'API rate limit exceeded for installation.' },
    headers: {
      'x-ratelimit-limit': '5000',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + answer.resetInSeconds),
    },
  };
}

export interface FakeGitHub {
  readonly url: string;
  readonly token: string;
  readonly requests: RecordedGitHubRequest[];
  readonly checkRuns: FakeCheckRun[];
  readonly comments: FakeComment[];
  readonly issues: FakeIssue[];
  readonly labels: Map<string, { name: string; color: string; description: string }>;
  switches: FakeGitHubSwitches;
  /** Blobs, trees, commits, refs and pull requests from a branch (fake-github-git.ts). */
  readonly git: FakeGit;
  /** Adds a pull request (an issue with `pull_request`) and returns its number. */
  addPullRequest(title?: string): number;
  /** Merges a pull request as `sha`: `GET /commits/{sha}/pulls` then lists it. */
  mergePullRequest(pullRequest: number, sha: string): void;
  /** A Checks run another run made on `sha`: completed with `conclusion`, or in progress when null. */
  addCheckRun(name: string, sha: string, conclusion: string | null): void;
  close(): Promise<void>;
}

export async function startFakeGitHub(
  options: {
    token?: string;
    login?: string /** GitHub Enterprise Server serves the API under /api/v3. */;
    pathPrefix?: string;
  } = {},
): Promise<FakeGitHub> {
  const token = options.token ?? 'ghs_fake_github_token';
  const login = options.login ?? 'github-actions[bot]';
  let nextId = 1000;
  let clock = Date.parse('2026-01-01T00:00:00Z');
  const now = () => {
    clock += 1000;
    return new Date(clock).toISOString();
  };

  const state = {
    requests: [] as RecordedGitHubRequest[],
    checkRuns: [] as FakeCheckRun[],
    comments: [] as FakeComment[],
    issues: [] as FakeIssue[],
    labels: new Map<string, { name: string; color: string; description: string }>(),
    switches: {} as FakeGitHubSwitches,
  };

  const newIssue = (fields: Partial<FakeIssue>): FakeIssue => {
    const issue: FakeIssue = {
      number: state.issues.length + 1,
      title: '',
      body: '',
      state: 'open',
      state_reason: null,
      labels: [],
      created_at: now(),
      ...fields,
    };
    state.issues.push(issue);
    return issue;
  };

  const newComment = (issueNumber: number, body: string): FakeComment => {
    const comment = { id: nextId++, issue_number: issueNumber, body, user: { login }, created_at: now() };
    state.comments.push(comment);
    return comment;
  };

  type Reply = { status: number; body?: unknown; headers?: Record<string, string> };
  // Pull requests opened from a branch share the issues' numbers, as on GitHub.
  const gitData = fakeGit(
    () => baseUrl,
    () => newIssue({ title: '', pull_request: { url: '' } }).number,
  );
  const invalid = (message: string): Reply => ({
    status: 422,
    body: { message: `Validation Failed: ${message}` },
  });
  const forbidden: Reply = { status: 403, body: { message: 'Resource not accessible by integration' } };
  // The Checks API takes only GitHub App installation tokens (`ghs_`): a personal token is refused.
  const checksWrite: Reply | null =
    token.startsWith('ghp_') || token.startsWith('github_pat_')
      ? { status: 403, body: { message: 'You must authenticate via a GitHub App.' } }
      : null;
  const notFound: Reply = { status: 404, body: { message: 'Not Found' } };

  const applyOutput = (run: FakeCheckRun, output: unknown) => {
    if (output === undefined) return;
    const o = output as {
      title: string;
      summary: string;
      text?: string;
      annotations?: Record<string, unknown>[];
    };
    run.output = {
      title: o.title,
      summary: o.summary,
      text: o.text ?? run.output.text,
      annotations: [...run.output.annotations, ...(o.annotations ?? [])],
    };
  };

  const paginate = (items: unknown[], query: Record<string, string>, path: string): Reply => {
    const perPage = Math.min(100, Number(query.per_page ?? 30));
    const page = Number(query.page ?? 1);
    const slice = items.slice((page - 1) * perPage, page * perPage);
    const headers: Record<string, string> = {};
    if (page * perPage < items.length) {
      const next = new URLSearchParams({ ...query, page: String(page + 1), per_page: String(perPage) });
      headers.link = `<${baseUrl}${options.pathPrefix ?? ''}${path}?${next}>; rel="next"`;
    }
    return { status: 200, body: slice, headers };
  };

  // biome-ignore lint/suspicious/noExplicitAny: request bodies are arbitrary JSON, checked field by field as GitHub does.
  const route = (method: string, path: string, query: Record<string, string>, body: any): Reply => {
    let m: RegExpMatchArray | null;
    m = path.match(/^\/repos\/[^/]+\/[^/]+\/check-runs$/);
    if (m && method === 'POST') {
      if (checksWrite) return checksWrite;
      if (state.switches.checksForbidden) return forbidden;
      if (!body?.name || !body?.head_sha) return invalid('name and head_sha are required');
      const problem = checkRunOutputProblem(body.output);
      if (problem) return invalid(problem);
      const run: FakeCheckRun = {
        id: nextId++,
        name: body.name,
        head_sha: body.head_sha,
        status: body.status ?? 'queued',
        conclusion: body.conclusion ?? null,
        output: { title: '', summary: '', text: '', annotations: [] },
      };
      applyOutput(run, body.output);
      state.checkRuns.push(run);
      return { status: 201, body: { id: run.id, html_url: `${baseUrl}/checks/${run.id}` } };
    }
    m = path.match(/^\/repos\/[^/]+\/[^/]+\/check-runs\/(\d+)$/);
    if (m && method === 'PATCH') {
      if (checksWrite) return checksWrite;
      if (state.switches.checksForbidden) return forbidden;
      const id = Number(m[1]);
      const run = state.checkRuns.find((r) => r.id === id);
      if (!run) return notFound;
      const problem = checkRunOutputProblem(body.output);
      if (problem) return invalid(problem);
      applyOutput(run, body.output);
      if (body.status) run.status = body.status;
      if (body.conclusion) {
        run.conclusion = body.conclusion;
        run.status = 'completed';
      }
      return { status: 200, body: { id: run.id, html_url: `${baseUrl}/checks/${run.id}` } };
    }
    m = path.match(/^\/repos\/[^/]+\/[^/]+\/commits\/([0-9a-f]{7,40})\/check-runs$/);
    if (m && method === 'GET') {
      if (state.switches.checksReadForbidden) return forbidden;
      // Newest first; `filter=latest` (GitHub's default) keeps the most recent run of each name.
      const onCommit = state.checkRuns
        .filter((r) => r.head_sha === m![1] && (!query.check_name || r.name === query.check_name))
        .reverse();
      const runs =
        query.filter === 'all'
          ? onCommit
          : onCommit.filter((r, i) => onCommit.findIndex((o) => o.name === r.name) === i);
      const page = paginate(runs, query, path);
      return { ...page, body: { total_count: runs.length, check_runs: page.body } };
    }
    m = path.match(/^\/repos\/[^/]+\/[^/]+\/commits\/([0-9a-f]{7,40})\/pulls$/);
    if (m && method === 'GET') {
      const merged = state.issues.filter((i) => i.pull_request && i.merge_commit_sha === m![1]);
      return {
        status: 200,
        body: merged.map((i) => ({
          number: i.number,
          html_url: `https://github.example/acme/gitops/pull/${i.number}`,
          state: i.state,
          title: i.title,
          merged_at: i.merged_at ?? null,
          merge_commit_sha: i.merge_commit_sha,
        })),
      };
    }
    m = path.match(/^\/repos\/[^/]+\/[^/]+\/issues\/(\d+)\/comments$/);
    if (m) {
      if (state.switches.issuesForbidden && method !== 'GET') return forbidden;
      const issueNumber = Number(m[1]);
      if (!state.issues.some((i) => i.number === issueNumber)) return notFound;
      if (method === 'GET') {
        return paginate(
          state.comments.filter((c) => c.issue_number === issueNumber),
          query,
          path,
        );
      }
      if (method === 'POST') {
        if (typeof body?.body !== 'string') return invalid('body is required');
        if (body.body.length > MAX_BODY_CHARS)
          return invalid('body is too long (maximum is 65536 characters)');
        if (state.switches.raceOnCommentCreate) {
          state.switches.raceOnCommentCreate = false;
          newComment(issueNumber, body.body);
        }
        return { status: 201, body: newComment(issueNumber, body.body) };
      }
    }
    m = path.match(/^\/repos\/[^/]+\/[^/]+\/issues\/comments\/(\d+)$/);
    if (m) {
      if (state.switches.issuesForbidden) return forbidden;
      const id = Number(m[1]);
      const index = state.comments.findIndex((c) => c.id === id);
      const comment = state.comments[index];
      if (!comment) return notFound;
      if (method === 'PATCH') {
        if (typeof body?.body !== 'string') return invalid('body is required');
        if (body.body.length > MAX_BODY_CHARS)
          return invalid('body is too long (maximum is 65536 characters)');
        comment.body = body.body;
        return { status: 200, body: comment };
      }
      if (method === 'DELETE') {
        state.comments.splice(index, 1);
        return { status: 204 };
      }
    }
    m = path.match(/^\/repos\/[^/]+\/[^/]+\/issues$/);
    if (m) {
      if (method === 'GET') {
        const wanted = (query.labels ?? '').split(',').filter(Boolean);
        const stateFilter = query.state ?? 'open';
        const found = state.issues
          .filter((i) => stateFilter === 'all' || i.state === stateFilter)
          .filter((i) => wanted.every((w) => i.labels.some((l) => l.name === w)))
          .sort((a, b) => b.number - a.number);
        return paginate(found, query, path);
      }
      if (method === 'POST') {
        if (state.switches.issuesForbidden) return forbidden;
        if (typeof body?.title !== 'string' || body.title === '') return invalid('title is required');
        if ((body.body ?? '').length > MAX_BODY_CHARS) return invalid('body is too long');
        const labels = ((body.labels ?? []) as string[]).map((name) => {
          if (!state.labels.has(name)) state.labels.set(name, { name, color: 'ededed', description: '' });
          return { name };
        });
        if (state.switches.raceOnIssueCreate) {
          state.switches.raceOnIssueCreate = false;
          newIssue({ title: body.title, body: body.body ?? '', labels });
        }
        return { status: 201, body: newIssue({ title: body.title, body: body.body ?? '', labels }) };
      }
    }
    m = path.match(/^\/repos\/[^/]+\/[^/]+\/issues\/(\d+)$/);
    if (m && method === 'PATCH') {
      if (state.switches.issuesForbidden) return forbidden;
      const issueNumber = Number(m[1]);
      const issue = state.issues.find((i) => i.number === issueNumber);
      if (!issue) return notFound;
      if (typeof body.body === 'string') {
        if (body.body.length > MAX_BODY_CHARS) return invalid('body is too long');
        issue.body = body.body;
      }
      if (typeof body.title === 'string') issue.title = body.title;
      if (body.state === 'open' || body.state === 'closed') issue.state = body.state;
      if (body.state_reason !== undefined) issue.state_reason = body.state_reason;
      return { status: 200, body: issue };
    }
    const answered = gitData.route(method, path, query, body);
    if (answered !== null) {
      // A write on contents or pull requests needs its permission, like the issues' writes.
      return state.switches.issuesForbidden && method !== 'GET' ? forbidden : answered;
    }
    m = path.match(/^\/repos\/[^/]+\/[^/]+\/labels\/([^/]+)$/);
    if (m && method === 'GET') {
      const label = state.labels.get(decodeURIComponent(m[1]!));
      return label ? { status: 200, body: label } : notFound;
    }
    m = path.match(/^\/repos\/[^/]+\/[^/]+\/labels$/);
    if (m && method === 'POST') {
      if (state.switches.issuesForbidden) return forbidden;
      if (state.labels.has(body.name)) return invalid('label already_exists');
      const label = { name: body.name, color: body.color ?? 'ededed', description: body.description ?? '' };
      state.labels.set(label.name, label);
      return { status: 201, body: label };
    }
    return notFound;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const query = Object.fromEntries(url.searchParams);
    const text = Buffer.concat(chunks).toString('utf8');
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    const method = req.method ?? 'GET';
    const prefix = options.pathPrefix ?? '';
    const path = url.pathname.startsWith(`${prefix}/`) ? url.pathname.slice(prefix.length) : null;
    let reply: Reply;
    const header = req.headers['x-github-api-version'];
    const apiVersion = typeof header === 'string' ? header : null;
    const rateLimited = state.switches.rateLimitNext?.shift();
    if (rateLimited) {
      reply = rateLimitReply(rateLimited);
    } else if (state.switches.failNext) {
      state.switches.failNext -= 1;
      reply = { status: 500, body: { message: 'Server Error' } };
    } else if (apiVersion !== null && !SUPPORTED_API_VERSIONS.includes(apiVersion)) {
      reply = { status: 400, body: { message: `API version ${apiVersion} is not supported.` } };
    } else if (req.headers.authorization !== `token ${token}`) {
      reply = { status: 401, body: { message: 'Bad credentials' } };
    } else {
      reply = path === null ? notFound : route(method, path, query, body);
    }
    state.requests.push({ method, path: url.pathname, query, body, status: reply.status, apiVersion });
    res.writeHead(reply.status, { 'content-type': 'application/json', ...(reply.headers ?? {}) });
    res.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: String(error) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    token,
    requests: state.requests,
    checkRuns: state.checkRuns,
    comments: state.comments,
    issues: state.issues,
    labels: state.labels,
    git: gitData.git,
    get switches() {
      return state.switches;
    },
    set switches(value: FakeGitHubSwitches) {
      state.switches = value;
    },
    addPullRequest: (title = 'Change alert rules') =>
      newIssue({ title, pull_request: { url: `${baseUrl}/pulls/x` } }).number,
    mergePullRequest: (pullRequest, sha) => {
      const issue = state.issues.find((i) => i.number === pullRequest && i.pull_request);
      if (!issue) throw new Error(`no pull request #${pullRequest}`);
      Object.assign(issue, { state: 'closed', merge_commit_sha: sha, merged_at: now() });
    },
    addCheckRun: (name, sha, conclusion) => {
      state.checkRuns.push({
        id: nextId++,
        name,
        head_sha: sha,
        status: conclusion === null ? 'in_progress' : 'completed',
        conclusion,
        output: { title: '', summary: '', text: '', annotations: [] },
      });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
