/**
 * What an event refuses to run: writes and test messages on a pull request, an event the action does not
 * serve, and work that needs the service without an api-token (pull requests fall back to validation).
 */
import { UsageError } from '../core/usage-error.js';
import type { ActionRunCommand, EventDecision, EventInput } from './event-decision.js';

/** Thrown when the event cannot be served: a usage error like a bad input, its message the one line to show. */
export class UnsupportedEventError extends UsageError {}

export function refuseWritesOnPullRequest(command: ActionRunCommand, eventName: string): void {
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
export function withoutToken(input: EventInput, decision: EventDecision): EventDecision {
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
