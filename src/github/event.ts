/**
 * Which command a run performs, chosen from the event that started the workflow. Pure: it reads the event
 * name and payload it is given and decides; the caller reports what it says.
 */
import { UsageError } from '../core/usage-error.js';

/** The commands the action can run: the one list the inputs, the dispatch input and the messages use. */
export const ACTION_RUN_COMMANDS = ['validate', 'plan', 'apply', 'drift', 'test-receivers'] as const;
export type ActionRunCommand = (typeof ACTION_RUN_COMMANDS)[number];

export interface EventInput {
  /** GITHUB_EVENT_NAME. */
  readonly eventName: string;
  /** The parsed GITHUB_EVENT_PATH file (unknown shape: read defensively). */
  readonly payload: unknown;
  /** GITHUB_REF, e.g. refs/heads/main. */
  readonly ref: string;
  /** GITHUB_SHA. */
  readonly sha: string;
  /** The `command` input: `auto` or an explicit command. */
  readonly command: 'auto' | ActionRunCommand;
  /** Whether an api-token was given. */
  readonly hasApiToken: boolean;
}

export interface EventDecision {
  readonly command: ActionRunCommand;
  /** Revision to compare with (pull request base, parent of a push); null when unknown. */
  readonly base: string | null;
  /** Revision being planned; null for the checked-out HEAD. */
  readonly head: string | null;
  /** The commit a Checks run is attached to (a pull request's head, not its merge commit). */
  readonly checkSha: string;
  /** Pull-request number for the sticky comment; null outside pull requests. */
  readonly pullRequest: number | null;
  /** What was not done and why, one sentence each (RunReport.skipped). */
  readonly skipped: readonly string[];
  /** Resolve every component rather than only those a pull request changed. */
  readonly allComponents: boolean;
}

export const SUPPORTED_EVENTS = [
  'pull_request',
  'pull_request_target',
  'push',
  'merge_group',
  'schedule',
  'workflow_dispatch',
] as const;

const NULL_SHA = /^0{40}$/;

/** Thrown when the event cannot be served: a usage error like a bad input, its message the one line to show. */
export class UnsupportedEventError extends UsageError {}

/**
 * A decision with the defaults of a run that compares nothing: the checked-out files, the commit of the run,
 * no pull request, only the components that changed.
 */
function decision(
  input: EventInput,
  fields: Pick<EventDecision, 'command'> & Partial<EventDecision>,
): EventDecision {
  return {
    base: null,
    head: null,
    checkSha: input.sha,
    pullRequest: null,
    skipped: [],
    allComponents: false,
    ...fields,
  };
}

const isRunCommand = (value: string): value is ActionRunCommand =>
  (ACTION_RUN_COMMANDS as readonly string[]).includes(value);

export function decideCommand(input: EventInput): EventDecision {
  const { eventName, payload } = input;
  switch (eventName) {
    case 'pull_request':
      return fromPullRequest(input, payload);
    case 'pull_request_target':
      return fromPullRequestTarget(input, payload);
    case 'push':
      return fromPush(input, payload);
    case 'merge_group':
      return fromMergeGroup(input, payload);
    case 'schedule':
      return withoutToken(
        input,
        decision(input, { command: explicitOr(input, 'drift'), allComponents: true }),
      );
    case 'workflow_dispatch':
      return fromDispatch(input, payload);
    default:
      if (input.command !== 'auto') {
        return withoutToken(input, decision(input, { command: input.command, allComponents: true }));
      }
      throw new UnsupportedEventError(
        `The event '${eventName || '(none)'}' is not supported with command: auto. Supported events: ${SUPPORTED_EVENTS.join(', ')}; or set the command input to ${ACTION_RUN_COMMANDS.slice(0, -1).join(', ')} or ${ACTION_RUN_COMMANDS.at(-1)}.`,
      );
  }
}

function explicitOr(input: EventInput, fallback: ActionRunCommand): ActionRunCommand {
  return input.command === 'auto' ? fallback : input.command;
}

function fromPullRequest(input: EventInput, payload: unknown): EventDecision {
  const pr = field(payload, 'pull_request');
  const command = explicitOr(input, 'plan');
  refuseWritesOnPullRequest(command, 'pull_request');
  const head = str(field(field(pr, 'head'), 'sha'));
  const planned = decision(input, {
    command,
    base: str(field(field(pr, 'base'), 'sha')),
    head,
    checkSha: head ?? input.sha,
    pullRequest: pullRequestNumber(pr, payload),
  });
  if (command !== 'validate' && isFork(pr)) {
    return {
      ...planned,
      command: 'validate',
      skipped: [
        'Pull request from a fork: the workflow has no secrets and a read-only token, so only offline validation ran (no plan, no component resolution).',
      ],
    };
  }
  return withoutToken(input, planned);
}

/**
 * pull_request_target runs with secrets in the base repository's context. Reading the pull request's own
 * documents there would hand secrets to code and data the author controls, so only what is checked out
 * (the base branch, unless the workflow chose otherwise) is validated, offline.
 */
function fromPullRequestTarget(input: EventInput, payload: unknown): EventDecision {
  const pr = field(payload, 'pull_request');
  refuseWritesOnPullRequest(explicitOr(input, 'validate'), 'pull_request_target');
  return decision(input, {
    command: 'validate',
    pullRequest: pullRequestNumber(pr, payload),
    skipped: [
      "pull_request_target: the pull request's documents are never read with secrets; only the checked-out revision was validated, offline. Use pull_request for plans (see the documentation's safe pattern).",
    ],
  });
}

function fromPush(input: EventInput, payload: unknown): EventDecision {
  const before = str(field(payload, 'before'));
  const after = str(field(payload, 'after')) ?? input.sha;
  const defaultBranch = str(field(field(payload, 'repository'), 'default_branch'));
  const ref = str(field(payload, 'ref')) ?? input.ref;
  if (field(payload, 'deleted') === true || NULL_SHA.test(after)) return fromDeletion(input, ref);
  const onDefault = defaultBranch !== null && ref === `refs/heads/${defaultBranch}`;
  const skipped: string[] = [];
  const command = explicitOr(input, onDefault ? 'apply' : 'plan');
  if (input.command === 'auto' && !onDefault) {
    skipped.push(
      defaultBranch === null
        ? `Push to ${ref}: the event does not name the default branch, so the plan was made and not applied.`
        : `Push to ${ref}, not the default branch (${defaultBranch}): the plan was made and not applied.`,
    );
  }
  return withoutToken(
    input,
    decision(input, {
      command,
      base: before && !NULL_SHA.test(before) ? before : null,
      head: after,
      checkSha: after,
      skipped,
    }),
  );
}

/**
 * A push that deleted a branch or tag (workflows on `push` without filters run for it too) has no revision
 * to plan, and nothing it could apply: only the checked-out files are validated, unless a command was asked.
 */
function fromDeletion(input: EventInput, ref: string): EventDecision {
  const skipped =
    input.command === 'auto'
      ? [`Push deleted ${ref}: there is nothing to plan or apply; only the checked-out files were validated.`]
      : [];
  return withoutToken(input, decision(input, { command: explicitOr(input, 'validate'), skipped }));
}

/**
 * A merge queue runs the pull request's required checks on its temporary branch before merging: a plan
 * of what the merge would change, never an apply (the push to the default branch applies it). Failing
 * here instead would hold every queued pull request.
 */
function fromMergeGroup(input: EventInput, payload: unknown): EventDecision {
  const group = field(payload, 'merge_group');
  const command = explicitOr(input, 'plan');
  refuseWritesOnPullRequest(command, 'merge_group');
  const head = str(field(group, 'head_sha')) ?? input.sha;
  const base = str(field(group, 'base_sha'));
  return withoutToken(
    input,
    decision(input, { command, base: base && !NULL_SHA.test(base) ? base : null, head, checkSha: head }),
  );
}

function fromDispatch(input: EventInput, payload: unknown): EventDecision {
  const requested = str(field(field(payload, 'inputs'), 'command'));
  let command: ActionRunCommand;
  const skipped: string[] = [];
  if (requested !== null && requested !== '' && requested !== 'auto') {
    if (!isRunCommand(requested)) {
      throw new UnsupportedEventError(
        `The workflow_dispatch input command '${requested}' is not supported. Expected one of: ${ACTION_RUN_COMMANDS.join(', ')}.`,
      );
    }
    command = requested;
  } else if (input.command !== 'auto') {
    command = input.command;
  } else {
    // Nothing asked for a write: the safe choice is a plan, and the summary says how to ask for more.
    command = 'plan';
    skipped.push(
      `workflow_dispatch without a command: planned only. Give the workflow a \`command\` input (${ACTION_RUN_COMMANDS.join(', ')}) to choose.`,
    );
  }
  return withoutToken(input, decision(input, { command, skipped, allComponents: true }));
}

function refuseWritesOnPullRequest(command: ActionRunCommand, eventName: string): void {
  // A pull request's author must not be able to page anyone: test messages only when a person asks.
  if (command === 'test-receivers') {
    throw new UnsupportedEventError(
      `The command test-receivers is refused on ${eventName} events: a pull request never sends a test message. Use workflow_dispatch.`,
    );
  }
  if (command === 'apply') {
    throw new UnsupportedEventError(
      `The command apply is refused on ${eventName} events: pull requests never write to the service. Use push to the default branch or workflow_dispatch.`,
    );
  }
}

/**
 * Thrown when an event whose command needs the service has no api-token: a push, a dispatch, a schedule
 * or an explicit command ran for its writes or its checks, and a green run that did neither would hide it.
 * Only pull requests and merge queue groups fall back to offline validation (see withoutToken).
 */
export class MissingTokenError extends UsageError {
  constructor(
    readonly eventName: string,
    readonly command: ActionRunCommand,
  ) {
    super(
      `The api-token input is empty, and the ${command} this ${eventName} event runs needs the service: nothing was ${command === 'apply' ? 'applied' : command === 'test-receivers' ? 'sent' : 'planned or applied'}. ` +
        `Give the step \`api-token: \${{ secrets.QOVERY_API_TOKEN }}\` and check that the secret exists for this repository ` +
        '(an empty or missing secret gives an empty input), or set `command: validate` for offline validation only.',
    );
  }
}

/**
 * Without a service token only offline validation can run. A pull request (a fork's, or one whose workflow
 * gets no secrets, as Dependabot's) or a merge queue group says so and validates; any other event fails
 * with MissingTokenError rather than end green without the work it was started for.
 */
function withoutToken(input: EventInput, decision: EventDecision): EventDecision {
  if (input.hasApiToken || decision.command === 'validate') return decision;
  if (input.eventName !== 'pull_request' && input.eventName !== 'merge_group') {
    throw new MissingTokenError(input.eventName || 'unnamed', decision.command);
  }
  return {
    ...decision,
    command: 'validate',
    skipped: [
      ...decision.skipped,
      `No api-token was given: only offline validation ran (the ${decision.command} needs the service).`,
    ],
  };
}

/** The pull request's number, from the pull request or else the event (GitHub sends both). */
function pullRequestNumber(pr: unknown, payload: unknown): number | null {
  return num(field(pr, 'number')) ?? num(field(payload, 'number'));
}

/** A fork's head repository differs from the base's (or was deleted: head.repo is null). */
function isFork(pr: unknown): boolean {
  const head = str(field(field(field(pr, 'head'), 'repo'), 'full_name'));
  const base = str(field(field(field(pr, 'base'), 'repo'), 'full_name'));
  if (base === null) return false;
  return head === null || head.toLowerCase() !== base.toLowerCase();
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && Object.hasOwn(value, key)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

function str(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;
}
