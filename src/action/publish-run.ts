/**
 * The main step's posts to GitHub (the Checks run, the sticky comment, the drift issue: one publisher each, github/publisher.ts),
 * as the inputs ask for them. The GitHub client loads only when one of them is wanted.
 */

import type { EvidenceLookup } from '../github/evidence-lookup.js';
import type { PublishSwitches, PublishTarget } from '../github/publisher.js';
import type { SourceLinks } from '../report/change-markdown.js';
import type { RunReport } from '../run/reports.js';
import { gitHubAccess, NO_GITHUB_ACCESS, withGitHub } from './github-session.js';
import type { ActionInputs } from './inputs.js';
import type { MainStep } from './main-step.js';
import type { ActionVerdict, PublishFacts } from './main-step-result.js';
import type { LookupOfRun } from './run-evidence.js';

/** What was posted; `links` when the posts found where each changed rule's document came from. */
export type Published = Omit<PublishFacts, 'planJsonPath' | 'links'> & Partial<Pick<PublishFacts, 'links'>>;

const NOTHING_PUBLISHED: Published = { checkRunPublished: false, checkRunUrl: null, notes: [] };

/** `lookup`: the run's evidence lookup (run-evidence.ts), which tells where each changed rule's file came from. */
export async function publish(
  step: MainStep,
  report: RunReport,
  verdict: ActionVerdict,
  links: SourceLinks | null,
  lookup: LookupOfRun | null,
): Promise<Published> {
  const switches = publishSwitches(step.inputs);
  if (!(switches.checks || switches.comment || switches.driftIssue || switches.driftPullRequest)) {
    return NOTHING_PUBLISHED;
  }
  const access = gitHubAccess(step);
  if (access === null) {
    return {
      ...NOTHING_PUBLISHED,
      notes: [`Nothing posted to GitHub: ${NO_GITHUB_ACCESS}.`],
    };
  }
  return withGitHub(step, access, async (github) => {
    const { publishToGitHub } = await import('../runtime/github-loader.js');
    return publishToGitHub(
      github,
      report,
      verdict.counts,
      verdict.checkConclusion,
      publishTarget(step, access, links, lookup === null ? null : await lookup(access)),
      switches,
      step.redactor,
    );
  });
}

/** Where the reports go: the repository, the commit the Checks run sits on, the pull request if any. */
export function publishTarget(
  { inputs, runner, decision }: Pick<MainStep, 'inputs' | 'runner' | 'decision'>,
  repository: { readonly owner: string; readonly repo: string },
  links: SourceLinks | null,
  evidence: EvidenceLookup | null,
): PublishTarget {
  return {
    owner: repository.owner,
    repo: repository.repo,
    workflow: runner.workflow,
    workflowFile: runner.workflowFile,
    paths: inputs.paths,
    checkSha: decision.checkSha,
    pullRequest: decision.pullRequest,
    runUrl: runner.runUrl,
    links,
    evidence,
  };
}

export function publishSwitches(inputs: ActionInputs): PublishSwitches {
  return {
    checks: inputs.checks,
    comment: inputs.comment,
    driftIssue: inputs.driftIssue,
    driftLabel: inputs.driftLabel,
    driftPullRequest: inputs.driftPullRequest,
  };
}
