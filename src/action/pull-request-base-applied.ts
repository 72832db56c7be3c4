/**
 * The pull-request plan's evidence that its base commit was applied (src/github/apply-run.ts), asked
 * before the plan is shown so that its comment claims no outside edit it cannot know. Bounded like every
 * GitHub request of the run; the GitHub client loads only here and in the other GitHub parts.
 */
import { type BaseApplied, baseNotAsked } from '../plan/base-applied.js';
import { gitHubAccess, NO_GITHUB_ACCESS, withGitHub } from './github-session.js';
import { isPullRequestPlan, type MainStep } from './main-step.js';

/** Whether the run asks: a pull request's plan (a push's apply asks in its review gate). */
export function asksBaseApplied({ decision }: Pick<MainStep, 'decision'>): boolean {
  return isPullRequestPlan(decision);
}

export async function pullRequestBaseApplied(step: MainStep): Promise<BaseApplied> {
  const { inputs, decision } = step;
  const access = gitHubAccess(step);
  if (access === null) return baseNotAsked(decision.base, NO_GITHUB_ACCESS);
  return withGitHub(step, access, async (github) => {
    const { baseAppliedOf } = await import('../runtime/github-loader.js');
    return baseAppliedOf(github, { owner: access.owner, repo: access.repo }, inputs, decision.base);
  });
}
