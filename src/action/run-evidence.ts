/**
 * The run's evidence, gathered from GitHub once, before its command runs (src/plan/evidence/ holds the
 * rules that read it):
 * - a push's apply writes only what was reviewed on the pull request the commit came from: the reviewed
 *   plan is read from that pull request's sticky comment (src/github/reviewed-plan.ts), with whether the
 *   base commit's apply succeeded;
 * - a pull request's plan asks whether its base commit was applied (src/github/apply-run.ts) before the
 *   plan is shown, so that its comment claims no outside edit it cannot know.
 * Bounded like every GitHub request of the run; the GitHub client loads only in the GitHub parts (here and
 * publish.ts).
 */
import type { BaseApplied } from '../evidence/base-apply.js';
import { baseNotAsked } from '../evidence/base-apply.js';
import type { ReviewGate } from '../plan/evidence/review-gate.js';
import { commentMarker } from '../report/markers.js';
import { gitHubAccess, NO_GITHUB_ACCESS, withGitHub } from './github-session.js';
import { isPullRequestPlan, type MainStep } from './main-step.js';
import * as log from './step-log.js';

/** What the run's command is given: a push's apply its review, a pull request's plan its base's apply. */
export interface RunEvidence {
  readonly review: ReviewGate | null;
  readonly baseApplied: BaseApplied | null;
}

/** The evidence the run's command asks for, each asked of GitHub only when it does. */
export async function gatherEvidence(step: MainStep): Promise<RunEvidence> {
  return {
    review: gatesApply(step) ? await reviewGate(step) : null,
    baseApplied: asksBaseApplied(step) ? await pullRequestBaseApplied(step) : null,
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
export async function reviewGate(step: MainStep): Promise<ReviewGate> {
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
    const { findReviewedPlan, baseAppliedOf } = await import('../runtime/github-loader.js');
    const repository = { owner: access.owner, repo: access.repo };
    const baseApplied = await baseAppliedOf(github, repository, inputs, decision.base);
    const found = await findReviewedPlan(github, {
      ...repository,
      sha: decision.checkSha,
      marker: commentMarker(runner.workflow, inputs.paths),
    });
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
export async function pullRequestBaseApplied(step: MainStep): Promise<BaseApplied> {
  const { inputs, decision } = step;
  const access = gitHubAccess(step);
  if (access === null) return baseNotAsked(decision.base, NO_GITHUB_ACCESS);
  return withGitHub(step, access, async (github) => {
    const { baseAppliedOf } = await import('../runtime/github-loader.js');
    return baseAppliedOf(github, { owner: access.owner, repo: access.repo }, inputs, decision.base);
  });
}
