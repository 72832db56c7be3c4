/**
 * The push run's review: an apply on a push writes only what was reviewed on the pull request the commit
 * came from. The reviewed plan is read from that pull request's sticky comment.
 */
import type { ReviewGate } from '../commands/apply.js';
import { type BaseApplied, baseNotAsked } from '../plan/base-applied.js';
import { commentMarker } from '../report/markers.js';
import { gitHubAccess, NO_GITHUB_ACCESS, withGitHub } from './github-session.js';
import type { MainStep } from './main-step.js';
import * as log from './step-log.js';

/** Whether the run's apply waits for the review: a push's (a schedule's or a manual run's does not). */
export function gatesApply({ runner, decision }: Pick<MainStep, 'runner' | 'decision'>): boolean {
  return decision.command === 'apply' && runner.eventName === 'push';
}

/**
 * The reviewed plan stored on the pull request the commit came from, or why there is none. Bounded like
 * every GitHub request of the run; the GitHub client loads only in the GitHub parts (here, publish-run.ts,
 * pull-request-base-applied.ts).
 */
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
