/**
 * Where each live rule's declared value came from, for the job summary and the drift issue: the last
 * commit that changed each document file (local history, one `git log`, no request), then per distinct
 * commit, for the first MAX_COMMITS_ASKED of them only, its merged pull request
 * (`GET /repos/{o}/{r}/commits/{sha}/pulls`) and how its apply went (its Checks run, src/github/apply-run.ts):
 * at most 2 × MAX_COMMITS_ASKED requests, whatever the size of the repository. Past the cap, the commit is
 * linked and nothing more is claimed. Every failure is "not known", never an error.
 */

import { applyOutcomeOf, baseAppliedFrom } from '../evidence/base-apply.js';
import { type ApplyOutcome, type FileProvenance, provenanceFiles } from '../evidence/provenance.js';
import type { GitReader } from '../git/types.js';
import { pendingChanges } from '../plan/types.js';
import type { SourceLinks } from '../report/change-markdown.js';
import { checkRunName } from '../report/markers.js';
import type { RunReport } from '../run/types.js';
import { type ApplyRunLookup, applyRunOf } from './apply-run.js';
import type { GitHubClient } from './github-client.js';
import { mergedPullOf } from './reviewed-plan.js';

/** The run's history: the git reader, the revision before the change planned (if any) and the one planned. */
export interface PublishHistory {
  readonly git: GitReader | null;
  readonly base: string | null;
  readonly head: string | null;
}

/** Distinct commits asked about (two requests each). */
export const MAX_COMMITS_ASKED = 4;

export interface ProvenanceLookup extends ApplyRunLookup {
  readonly git: GitReader;
  /** The revision whose history counts: what was applied before this run (a push's `before`), else the head. */
  readonly rev: string;
  readonly asOf: FileProvenance['asOf'];
}

export async function fileProvenance(
  github: GitHubClient,
  lookup: ProvenanceLookup,
  files: readonly string[],
  known: ReadonlyMap<string, ApplyOutcome> = new Map(),
): Promise<Map<string, FileProvenance>> {
  const commits = files.length === 0 ? null : await lookup.git.lastChanges(lookup.rev, files);
  if (!commits || commits.size === 0) return new Map();
  // The commits in the order of the files (the order of the rows), the first ones asked about.
  const asked = [...new Set(files.flatMap((f) => commits.get(f) ?? []))].slice(0, MAX_COMMITS_ASKED);
  const answers = new Map(
    await Promise.all(
      asked.map(async (sha) => {
        const [pullRequest, apply] = await Promise.all([
          pullRequestOf(github, lookup, sha),
          known.get(sha) ?? applyOf(github, lookup, sha),
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
      apply: answer?.apply ?? 'not asked',
      asOf: lookup.asOf,
    });
  }
  return out;
}

async function applyOf(github: GitHubClient, lookup: ApplyRunLookup, sha: string): Promise<ApplyOutcome> {
  return applyOutcomeOf(baseAppliedFrom(await applyRunOf(github, lookup, sha)));
}

/** The pull request the commit came from; null when none, or GitHub would not say. */
async function pullRequestOf(
  github: GitHubClient,
  lookup: ProvenanceLookup,
  sha: string,
): Promise<FileProvenance['pullRequest']> {
  const pull = await mergedPullOf(github, lookup, sha).catch(() => null);
  return pull ? { number: pull.number, url: pull.html_url } : null;
}

/**
 * The links of a run, with where each pending update's or delete's file came from when any of it is known.
 * Nothing is asked when there is no history or no such change.
 */
export async function withProvenance(
  github: GitHubClient,
  report: RunReport,
  target: {
    readonly owner: string;
    readonly repo: string;
    readonly paths: readonly string[];
    readonly links?: SourceLinks | null;
    readonly history?: PublishHistory | null;
  },
): Promise<SourceLinks | null> {
  const { links, history } = target;
  if (!links || !history?.git || !report.plan) return links ?? null;
  const files = provenanceFiles(pendingChanges(report.plan));
  const lookup = {
    owner: target.owner,
    repo: target.repo,
    checkName: checkRunName('apply', target.paths),
    git: history.git,
    rev: history.base ?? history.head ?? 'HEAD',
    asOf: history.base ? ('base' as const) : ('head' as const),
  };
  // The run asked already how its base commit's apply went: not asked twice.
  const base = report.baseApplied;
  const known = new Map<string, ApplyOutcome>(base?.commit ? [[base.commit, applyOutcomeOf(base)]] : []);
  const provenance = await fileProvenance(github, lookup, files, known);
  return provenance.size > 0 ? { ...links, provenance } : links;
}
