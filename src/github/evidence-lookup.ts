/**
 * The run's evidence, asked of GitHub and git by this one module, through one object made once per run
 * (src/evidence/ holds the rules that read it; docs/decisions/run-evidence.md):
 * - before the command: the reviewed plan a push's apply checks its changes against (the sticky comment of
 *   the pull request the commit came from, reviewed-plan.ts), and whether the base commit's apply
 *   succeeded (its Checks run, apply-run.ts), for a push's apply and a pull request's plan;
 * - once the command has said which files its plan touches, when the run publishes: where each pending
 *   update's or delete's file came from. The last commit that changed each file (local history, one
 *   `git log`, no request), then per distinct commit, for the first MAX_COMMITS_ASKED of them only, its
 *   merged pull request and how its apply went: at most 2 × MAX_COMMITS_ASKED requests, whatever the size
 *   of the repository. Past the cap, the commit is linked and nothing more is claimed.
 * What GitHub says of a commit is asked once per run, whichever part asks (the lookup keeps each answer
 * by commit): the base commit's apply told before the command is not asked again for a file it last
 * changed, nor the pushed commit's pull request. Every failure is a reason or "not known", never an error.
 */

import { applyOutcomeOf, type BaseApplied, baseAppliedFrom } from '../evidence/base-apply.js';
import { type ApplyOutcome, type FileProvenance, provenanceFiles } from '../evidence/provenance.js';
import type { GitReader } from '../git/types.js';
import { pendingChanges } from '../model/types.js';
import type { SourceLinks } from '../report/change-markdown.js';
import { checkRunName } from '../report/markers.js';
import type { RunReport } from '../run/reports.js';
import { applyRunOf, baseAppliedOf } from './apply-run.js';
import type { GitHubClient } from './github-client.js';
import { type FoundReview, findReviewedPlan, type MergedPull, mergedPullOf } from './reviewed-plan.js';

/** Distinct commits asked about for provenance (two requests each). */
export const MAX_COMMITS_ASKED = 4;

/** The run's history: the git reader, the revision before the change planned (if any) and the one planned. */
export interface RunHistory {
  readonly git: GitReader | null;
  readonly base: string | null;
  readonly head: string | null;
}

/** Where the run's evidence is asked: the repository, the paths its Checks runs are named for, its history. */
export interface EvidenceTarget {
  readonly owner: string;
  readonly repo: string;
  readonly paths: readonly string[];
  /** Whether the runs publish Checks runs (the `checks` input): without them no apply can be told. */
  readonly checks: boolean;
  readonly history: RunHistory;
}

/** The answer kept for `sha`, or `ask`'s, kept: a promise, so that two parts asking at once share one request. */
function once<T>(answers: Map<string, Promise<T>>, sha: string, ask: () => Promise<T>): Promise<T> {
  let answer = answers.get(sha);
  if (answer === undefined) {
    answer = ask();
    answers.set(sha, answer);
  }
  return answer;
}

/**
 * The run's evidence as asked of GitHub and git: made once per run, asked with the client of whichever
 * GitHub session of the run needs it (the one before the command, the one that publishes).
 */
export class EvidenceLookup {
  /** What GitHub said of each commit asked about, by commit: its merged pull request, its apply. */
  readonly #pulls = new Map<string, Promise<MergedPull | null>>();
  readonly #applies = new Map<string, Promise<BaseApplied>>();
  readonly #repository: { readonly owner: string; readonly repo: string };
  readonly #checkName: string;

  constructor(private readonly target: EvidenceTarget) {
    this.#repository = { owner: target.owner, repo: target.repo };
    this.#checkName = checkRunName('apply', target.paths);
  }

  /** The reviewed plan stored on the pull request `sha` came from, or why there is none. */
  reviewedPlan(github: GitHubClient, sha: string, marker: string): Promise<FoundReview> {
    return findReviewedPlan(github, { ...this.#repository, sha, marker }, (commit) =>
      this.#mergedPull(github, commit),
    );
  }

  /**
   * Whether the run's base commit was applied: asked only when there is a base and Checks runs tell it,
   * and kept as that commit's apply (a file it last changed is not asked about again).
   */
  baseApplied(github: GitHubClient): Promise<BaseApplied> {
    const { target } = this;
    const base = target.history.base;
    const ask = () => baseAppliedOf(github, this.#repository, target, base);
    return base === null ? ask() : once(this.#applies, base, ask);
  }

  /** Where each of `files` came from, as of the run's base (what was applied before it), else its head. */
  async fileProvenance(github: GitHubClient, files: readonly string[]): Promise<Map<string, FileProvenance>> {
    const { git, base, head } = this.target.history;
    const commits =
      files.length === 0 || git === null ? null : await git.lastChanges(base ?? head ?? 'HEAD', files);
    if (!commits || commits.size === 0) return new Map();
    const asOf: FileProvenance['asOf'] = base ? 'base' : 'head';
    // The commits in the order of the files (the order of the rows), the first ones asked about.
    const asked = [...new Set(files.flatMap((f) => commits.get(f) ?? []))].slice(0, MAX_COMMITS_ASKED);
    const answers = new Map(
      await Promise.all(
        asked.map(async (sha) => {
          const [pullRequest, apply] = await Promise.all([
            this.#pullRequestOf(github, sha),
            this.#apply(github, sha).then(applyOutcomeOf),
          ]);
          return [sha, { pullRequest, apply }] as const;
        }),
      ),
    );
    const out = new Map<string, FileProvenance>();
    for (const [file, sha] of commits) {
      const answer = answers.get(sha);
      out.set(file, {
        sha,
        pullRequest: answer?.pullRequest ?? null,
        apply: answer?.apply ?? ('not asked' satisfies ApplyOutcome),
        asOf,
      });
    }
    return out;
  }

  /**
   * The links of a run, with where each pending update's or delete's file came from when any of it is
   * known. Nothing is asked without links, history or such a change.
   */
  async provenanceLinks(
    github: GitHubClient,
    report: RunReport,
    links: SourceLinks | null,
  ): Promise<SourceLinks | null> {
    if (!links || !this.target.history.git || !report.plan) return links;
    const provenance = await this.fileProvenance(github, provenanceFiles(pendingChanges(report.plan)));
    return provenance.size > 0 ? { ...links, provenance } : links;
  }

  /** The merged pull request the commit came from; rejects with GitHub's error, as mergedPullOf does. */
  #mergedPull(github: GitHubClient, sha: string): Promise<MergedPull | null> {
    return once(this.#pulls, sha, () => mergedPullOf(github, this.#repository, sha));
  }

  /** How the commit's apply went, as outside-edit evidence (its Checks run, ONE request). */
  #apply(github: GitHubClient, sha: string): Promise<BaseApplied> {
    const lookup = { ...this.#repository, checkName: this.#checkName };
    return once(this.#applies, sha, async () => baseAppliedFrom(await applyRunOf(github, lookup, sha)));
  }

  /** The pull request the commit came from; null when none, or GitHub would not say. */
  async #pullRequestOf(github: GitHubClient, sha: string): Promise<FileProvenance['pullRequest']> {
    const pull = await this.#mergedPull(github, sha).catch(() => null);
    return pull ? { number: pull.number, url: pull.html_url } : null;
  }
}
