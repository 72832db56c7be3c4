/**
 * Which command a run performs, chosen from the event that started the workflow. Pure: it reads the event
 * name and payload it is given and decides; the caller reports what it says.
 */
import {
  ACTION_RUN_COMMANDS,
  type ActionRunCommand,
  decision,
  type EventDecision,
  type EventInput,
  explicitOr,
  isRunCommand,
} from './event-decision.js';
import { field, isFork, pullRequestNumber, str } from './event-payload.js';
import { refuseWritesOnPullRequest, UnsupportedEventError, withoutToken } from './event-refusals.js';

export const SUPPORTED_EVENTS = [
  'pull_request',
  'pull_request_target',
  'push',
  'merge_group',
  'schedule',
  'workflow_dispatch',
] as const;

const NULL_SHA = /^0{40}$/;

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
