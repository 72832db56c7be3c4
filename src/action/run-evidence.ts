/**
 * The run's evidence, gathered once per run (src/evidence/ holds the rules that read it;
 * docs/decisions/run-evidence.md), through ONE lookup of GitHub and git (src/github/evidence-lookup.ts)
 * that keeps what GitHub said of each commit:
 * - before the command runs: a push's apply writes only what was reviewed on the pull request the commit
 *   came from, so it gets the reviewed plan, with whether the base commit's apply succeeded; a pull
 *   request's plan asks whether its base commit was applied before the plan is shown, so that its comment
 *   claims no outside edit it cannot know;
 * - once the command has said which files its plan touches: where each of them came from, asked by the
 *   run's publishing through the same lookup (`lookup`), so that a commit already asked about is not asked
 *   again.
 * Bounded like every GitHub request of the run; the GitHub client, and the lookup's module with it, load
 * only when the run asks GitHub something (runtime/github-loader.ts).
 */
import type { BaseApplied } from '../evidence/base-apply.js';
import { baseNotAsked } from '../evidence/base-apply.js';
import type { ReviewGate } from '../evidence/review-gate.js';
import type { EvidenceLookup } from '../github/evidence-lookup.js';
import { commentMarker } from '../report/markers.js';
import { type GitHubAccess, gitHubAccess, NO_GITHUB_ACCESS, withGitHub } from './github-session.js';
import { isPullRequestPlan, type MainStep } from './main-step.js';
import * as log from './step-log.js';

/** The run's one lookup, made on its first use with the repository the run reaches GitHub with. */
export type LookupOfRun = (access: GitHubAccess) => Promise<EvidenceLookup>;

/** What the run's command is given, and the lookup its publishing asks provenance of. */
export interface RunEvidence {
  /** A push's apply: its review. */
  readonly review: ReviewGate | null;
  /** A pull request's plan: its base's apply. */
  readonly baseApplied: BaseApplied | null;
  readonly lookup: LookupOfRun;
}

/** The evidence the run's command asks for, each asked of GitHub only when it does. */
export async function gatherEvidence(step: MainStep): Promise<RunEvidence> {
  const lookup = lookupOfRun(step);
  return {
    review: gatesApply(step) ? await reviewGate(step, lookup) : null,
    baseApplied: asksBaseApplied(step) ? await pullRequestBaseApplied(step, lookup) : null,
    lookup,
  };
}

/** The run's lookup, made once, on first use: its module loads with the GitHub client. */
export function lookupOfRun({
  inputs,
  decision,
  runtime,
}: Pick<MainStep, 'inputs' | 'decision' | 'runtime'>): LookupOfRun {
  let made: Promise<EvidenceLookup> | null = null;
  return (access) => {
    made ??= import('../runtime/github-loader.js').then(
      ({ EvidenceLookup }) =>
        new EvidenceLookup({
          owner: access.owner,
          repo: access.repo,
          paths: inputs.paths,
          checks: inputs.checks,
          history: { git: runtime.context.git, base: decision.base, head: decision.head },
        }),
    );
    return made;
  };
}

/** Whether the run's apply waits for the review: a push's (a schedule's or a manual run's does not). */
export function gatesApply({ runner, decision }: Pick<MainStep, 'runner' | 'decision'>): boolean {
  return decision.command === 'apply' && runner.eventName === 'push';
}

/** Whether the run asks how its base commit's apply went: a pull request's plan (a push's apply asks in its review gate). */
export function asksBaseApplied({ decision }: Pick<MainStep, 'decision'>): boolean {
  return isPullRequestPlan(decision);
}

/** The reviewed plan stored on the pull request the commit came from, or why there is none. */
export async function reviewGate(
  step: MainStep,
  lookup: LookupOfRun = lookupOfRun(step),
): Promise<ReviewGate> {
  const { inputs, runner, decision, redactor } = step;
  const gate = (review: ReviewGate['review'], baseApplied: BaseApplied): ReviewGate => ({
    review,
    onUnreviewed: inputs.onUnreviewed,
    baseApplied,
  });
  const access = gitHubAccess(step);
  if (access === null) {
    const why = `the pull request cannot be read: ${NO_GITHUB_ACCESS}`;
    return gate({ why }, baseNotAsked(decision.base, why));
  }
  const { found, baseApplied } = await withGitHub(step, access, async (github) => {
    const asked = await lookup(access);
    const baseApplied = await asked.baseApplied(github);
    const found = await asked.reviewedPlan(
      github,
      decision.checkSha,
      commentMarker(runner.workflow, inputs.paths),
    );
    return { found, baseApplied };
  });
  if ('plan' in found) {
    log.info(
      `reviewed plan found on pull request #${found.pullRequest} (commit ${found.plan.head.slice(0, 12)})`,
    );
    return gate({ plan: found.plan }, baseApplied);
  }
  log.info(redactor.redact(`no reviewed plan: ${found.why}`));
  return gate({ why: found.why }, baseApplied);
}

/** The pull-request plan's evidence that its base commit was applied. */
export async function pullRequestBaseApplied(
  step: MainStep,
  lookup: LookupOfRun = lookupOfRun(step),
): Promise<BaseApplied> {
  const access = gitHubAccess(step);
  if (access === null) return baseNotAsked(step.decision.base, NO_GITHUB_ACCESS);
  return withGitHub(step, access, async (github) => (await lookup(access)).baseApplied(github));
}
