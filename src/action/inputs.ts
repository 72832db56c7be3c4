import * as core from '@actions/core';
import { DEFAULT_BACKTEST_MAX_RULES } from '../backtest/window.js';
import { UsageError } from '../core/usage-error.js';
import { isUuid } from '../core/uuid.js';
import { ACTION_RUN_COMMANDS } from '../github/event-decision.js';
import { ON_UNREVIEWED, type OnUnreviewed } from '../plan/evidence/review.js';
import { resolveApiUrl } from '../service/api-url.js';
import { looksLikeSecret, quoteInput } from './input-echo.js';

/** What `command` may say; `auto` chooses from the event (src/github/event.ts). */
export const ACTION_COMMANDS = ['auto', ...ACTION_RUN_COMMANDS] as const;
export type ActionCommand = (typeof ACTION_COMMANDS)[number];

export const FAIL_ON_LEVELS = ['error', 'warning'] as const;
export type FailOn = (typeof FAIL_ON_LEVELS)[number];

/** The action's inputs (action.yml), parsed once into typed, readonly settings. */
export interface ActionInputs {
  readonly command: ActionCommand;
  /** Repository-relative files or directories, at least one. */
  readonly paths: readonly string[];
  /** Globs of repository-relative paths not to search. */
  readonly ignore: readonly string[];
  readonly allowEmpty: boolean;
  readonly apiUrl: string;
  /** Null when not given: pull requests then get offline validation only. */
  readonly apiToken: string | null;
  readonly organizationId: string | null;
  /** Null when not given: nothing is posted to GitHub (annotations and the job summary still are). */
  readonly githubToken: string | null;
  readonly comment: boolean;
  readonly checks: boolean;
  readonly driftIssue: boolean;
  readonly driftLabel: string;
  readonly remediate: boolean;
  /** Drift checks write the drift back as a pull request (docs/decisions/drift-pull-request.md). */
  readonly driftPullRequest: boolean;
  /** Where that pull request adds what no document manages; null: adopted/{cluster}.yaml in the first path. */
  readonly driftAdoptInto: string | null;
  readonly prune: boolean;
  /** Send every alert receiver's secret again (the service never returns one, so no diff sees a new one). */
  readonly rotateSecrets: boolean;
  readonly failOn: FailOn;
  /** The push run: what happens to changes that are not as reviewed on their pull request. */
  readonly onUnreviewed: OnUnreviewed;
  readonly concurrency: number;
  /** Clusters whose logs a failed run shows instead of the ones it touched; empty when not given. */
  readonly clusterIds: readonly string[];
  readonly logEntries: number;
  /** `test-receivers`: the receivers to send a test message through, by name; empty: those the documents declare. */
  readonly receivers: readonly string[];
  /** A pull request's plan backtests the rules it creates or whose condition it changes (docs/decisions/backtest.md). */
  readonly backtest: boolean;
  /** Rules backtested per run at most; the others are listed as not backtested. */
  readonly backtestMaxRules: number;
  /** A pull request's plan checks the selectors of the rules it changes, or of every rule (docs/decisions/live-series.md). */
  readonly liveSeries: LiveSeriesInput;
  /** The live series findings are errors rather than warnings. */
  readonly liveSeriesErrors: boolean;
}

type Env = Readonly<Record<string, string | undefined>>;

// GitHub refuses label names longer than this.
const MAX_LABEL_LENGTH = 50;

/**
 * Reads every input from the runner's environment (`INPUT_<NAME>`, upper-cased, hyphens kept). The tokens are
 * registered as secrets first (`register`: the runner's mask, or the run's redactor that tells the runner),
 * and so is any other input's value that looks like a token: a secret pasted into the wrong input is
 * hidden like one. An empty value means "not given". A bad value is a UsageError naming the input and the
 * form it expects, and it quotes the value only when the value can be no secret (input-echo.ts).
 */
export function readInputs(
  env: Env = process.env,
  register: (secret: string) => void = core.setSecret,
): ActionInputs {
  const raw = (name: string): string => (env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '').trim();

  const apiToken = raw('api-token') || null;
  const githubToken = raw('github-token') || null;
  const secrets = [apiToken, githubToken].filter((token): token is string => token !== null);
  for (const secret of secrets) register(secret);
  for (const name of ECHOED_INPUTS) {
    if (looksLikeSecret(raw(name), secrets)) register(raw(name));
  }
  const quote = (value: string) => quoteInput(value, secrets);
  const hidden = (value: string) => looksLikeSecret(value, secrets);
  const oneOf = <T extends string>(name: string, value: string, allowed: readonly T[]) =>
    oneOfValues(name, value, allowed, quote);
  const parseBoolean = (name: string, value: string, fallback: boolean) =>
    parseBooleanValue(name, value, fallback, quote);
  const parseInteger = (name: string, value: string, fallback: number, min: number, max: number) =>
    parseIntegerValue(name, value, fallback, min, max, quote);
  const uuidList = (name: string, value: string) => uuidListValue(name, value, quote);

  return {
    command: oneOf('command', raw('command') || 'auto', ACTION_COMMANDS),
    paths: parsePaths(raw('paths') || '.', quote),
    ignore: listOf(raw('ignore')),
    allowEmpty: parseBoolean('allow-empty', raw('allow-empty'), false),
    apiUrl: parseApiUrl(raw('api-url') || 'https://api.qovery.com', quote, hidden),
    apiToken,
    organizationId: optionalUuid('organization-id', raw('organization-id'), quote),
    githubToken,
    comment: parseBoolean('comment', raw('comment'), true),
    checks: parseBoolean('checks', raw('checks'), true),
    driftIssue: parseBoolean('drift-issue', raw('drift-issue'), true),
    driftLabel: parseLabel(raw('drift-label') || 'platform-gitops-drift', quote),
    remediate: parseBoolean('remediate', raw('remediate'), false),
    driftPullRequest: parseBoolean('drift-pull-request', raw('drift-pull-request'), false),
    driftAdoptInto: raw('drift-adopt-into') || null,
    prune: parseBoolean('prune', raw('prune'), false),
    rotateSecrets: parseBoolean('rotate-secrets', raw('rotate-secrets'), false),
    failOn: oneOf('fail-on', raw('fail-on') || 'error', FAIL_ON_LEVELS),
    onUnreviewed: oneOf('on-unreviewed', raw('on-unreviewed') || 'warn', ON_UNREVIEWED),
    concurrency: parseInteger('concurrency', raw('concurrency'), 4, 1, 16),
    clusterIds: uuidList('cluster-id', raw('cluster-id')),
    logEntries: parseInteger('log-entries', raw('log-entries'), 50, 1, 1000),
    receivers: listOf(raw('receivers')),
    backtest: parseBoolean('backtest', raw('backtest'), true),
    backtestMaxRules: parseInteger(
      'backtest-max-rules',
      raw('backtest-max-rules'),
      DEFAULT_BACKTEST_MAX_RULES,
      0,
      100,
    ),
    liveSeries: oneOf('live-series', raw('live-series') || 'changed', LIVE_SERIES_VALUES),
    liveSeriesErrors: parseBoolean('live-series-errors', raw('live-series-errors'), false),
  };
}

/** `changed`: the rules the plan creates or whose query it changes; `all`: every rule; `false`: none. */
export const LIVE_SERIES_VALUES = ['changed', 'all', 'false'] as const;
export type LiveSeriesInput = (typeof LIVE_SERIES_VALUES)[number];

/** How a message shows an input's value: quoted, or why it is not shown. */
type Quote = (value: string) => string;

/** The inputs besides the tokens: every one of them may be quoted in an error. */
const ECHOED_INPUTS = [
  'command',
  'paths',
  'ignore',
  'allow-empty',
  'api-url',
  'organization-id',
  'comment',
  'checks',
  'drift-issue',
  'drift-label',
  'remediate',
  'drift-pull-request',
  'drift-adopt-into',
  'prune',
  'rotate-secrets',
  'fail-on',
  'on-unreviewed',
  'concurrency',
  'cluster-id',
  'log-entries',
  'receivers',
  'backtest',
  'backtest-max-rules',
  'live-series',
  'live-series-errors',
] as const;

function oneOfValues<T extends string>(name: string, value: string, allowed: readonly T[], quote: Quote): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`Invalid input ${name} ${quote(value)}. Expected one of: ${allowed.join(', ')}.`);
}

// The runner's own boolean forms (YAML 1.2 core schema), as core.getBooleanInput accepts them.
const TRUE_FORMS = new Set(['true', 'True', 'TRUE']);
const FALSE_FORMS = new Set(['false', 'False', 'FALSE']);

function parseBooleanValue(name: string, value: string, fallback: boolean, quote: Quote): boolean {
  if (value === '') return fallback;
  if (TRUE_FORMS.has(value)) return true;
  if (FALSE_FORMS.has(value)) return false;
  throw new UsageError(`Invalid input ${name} ${quote(value)}. Expected true or false.`);
}

function parseIntegerValue(
  name: string,
  value: string,
  fallback: number,
  min: number,
  max: number,
  quote: Quote,
): number {
  if (value === '') return fallback;
  const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (Number.isInteger(n) && n >= min && n <= max) return n;
  throw new UsageError(
    `Invalid input ${name} ${quote(value)}. Expected a whole number from ${min} to ${max}.`,
  );
}

function optionalUuid(name: string, value: string, quote: Quote): string | null {
  if (value === '') return null;
  if (isUuid(value)) return value.toLowerCase();
  throw new UsageError(
    `Invalid input ${name} ${quote(value)}. Expected a UUID such as 7f1b2c3d-0000-4000-8000-000000000001.`,
  );
}

/** One per line or comma-separated, each a UUID. */
function uuidListValue(name: string, value: string, quote: Quote): string[] {
  const ids = value
    .split(/[\n,]/)
    .map((id) => id.trim())
    .filter((id) => id !== '');
  return [...new Set(ids.map((id) => optionalUuid(name, id, quote)!))];
}

/** One per line or comma-separated, blanks dropped, each once. */
function listOf(value: string): string[] {
  const items = value
    .split(/[\n,]/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  return [...new Set(items)];
}

/** One per line or comma-separated; each must stay inside the repository (GITHUB_WORKSPACE). */
function parsePaths(value: string, quote: Quote): string[] {
  const paths = listOf(value);
  if (paths.length === 0) {
    throw new UsageError(
      `Invalid input paths ${quote(value)}. Expected one or more repository-relative paths.`,
    );
  }
  for (const path of paths) {
    const segments = path.split(/[\\/]/);
    // An absolute path is fine when it lies inside GITHUB_WORKSPACE: the loader refuses any other.
    if (segments.includes('..')) {
      throw new UsageError(
        `Invalid input paths ${quote(path)}. Expected a path relative to the repository root (or absolute inside it), without '..'.`,
      );
    }
  }
  return [...new Set(paths)];
}

/** The service's address rules (https, plain http only to loopback) are the client's: one place says them. */
function parseApiUrl(value: string, quote: Quote, hidden: (value: string) => boolean): string {
  // The address's own errors quote it: a value that may be a secret is refused without them.
  if (hidden(value)) {
    throw new UsageError(
      `Invalid input api-url ${quote(value)}. Expected an address such as https://api.qovery.com.`,
    );
  }
  try {
    return resolveApiUrl(value, {}).toString().replace(/\/+$/, '');
  } catch (error) {
    if (error instanceof UsageError) throw new UsageError(`Invalid input api-url: ${error.message}`);
    throw error;
  }
}

function parseLabel(value: string, quote: Quote): string {
  if (value.length <= MAX_LABEL_LENGTH && !/[\n,]/.test(value)) return value;
  throw new UsageError(
    `Invalid input drift-label ${quote(value)}. Expected one label name of at most ${MAX_LABEL_LENGTH} characters, without commas.`,
  );
}
