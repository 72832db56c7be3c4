/**
 * What a run is asked to do and what it decides from the event: the commands, the event as the runner gives
 * it, and the decision with the defaults of a run that compares nothing.
 */

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

/**
 * A decision with the defaults of a run that compares nothing: the checked-out files, the commit of the run,
 * no pull request, only the components that changed.
 */
export function decision(
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

export const isRunCommand = (value: string): value is ActionRunCommand =>
  (ACTION_RUN_COMMANDS as readonly string[]).includes(value);

/** The command input when one was given, else the event's own command. */
export function explicitOr(input: EventInput, fallback: ActionRunCommand): ActionRunCommand {
  return input.command === 'auto' ? fallback : input.command;
}
