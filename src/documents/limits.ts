import { type Diagnostic, diagnostic, SEVERITY_ORDER } from '../core/diagnostic.js';
import { plural } from '../core/plural.js';
import { CODES } from './codes.js';

/** Desired-state files are small; anything larger is a mistake (or an attack) and is refused unread. */
export const MAX_FILE_BYTES = 1024 * 1024;

export function tooLargeMessage(bytes: number): string {
  return `file is ${formatSize(bytes)}, over the ${formatSize(MAX_FILE_BYTES)} limit: refused`;
}

export function formatSize(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  const human =
    mib >= 1 ? `${Number.isInteger(mib) ? mib : mib.toFixed(1)} MiB` : `${Math.ceil(bytes / 1024)} KiB`;
  return `${human} (${bytes.toLocaleString('en-US')} bytes)`;
}

/**
 * Limits on one whole run, so that a pull request cannot stall the check with many files each under the
 * per-file limit. They hold one organization of 100 000 rules (the scale the plan is measured at, about
 * 800 bytes a rule, about 0.7 GiB at the peak; rules of up to 2 KB each still fit) with room to spare,
 * and stay low enough that a run at the limit takes a minute or two and well under 2 GiB, not the
 * machine. Past a limit the run is refused with one finding that names the limit, never a crash or a flood.
 */
export const MAX_RUN_BYTES = 192 * 1024 * 1024;
export const MAX_RUN_DOCUMENTS = 150_000;
export const MAX_RUN_FINDINGS = 1_000;
/** Schema problems reported per document; past it one finding counts the rest. */
export const MAX_DOCUMENT_FINDINGS = 50;

/** The files that fit in MAX_RUN_BYTES, in order, and the first that does not (if any). */
export function withinRunBytes<F extends { readonly size: number }>(
  files: readonly F[],
): { readonly kept: readonly F[]; readonly over: { readonly file: F; readonly total: number } | null } {
  let total = 0;
  for (let i = 0; i < files.length; i++) {
    total += files[i]!.size;
    if (total > MAX_RUN_BYTES) {
      const rest = files.slice(i).reduce((sum, f) => sum + f.size, 0);
      return { kept: files.slice(0, i), over: { file: files[i]!, total: total - files[i]!.size + rest } };
    }
  }
  return { kept: files, over: null };
}

export function runTooLargeMessage(total: number, skipped: number): string {
  return `the files of this run total ${formatSize(total)}, over the ${formatSize(MAX_RUN_BYTES)} limit for one run: refused from this file on (${plural(skipped, 'file')} not checked); check fewer paths per run`;
}

export function tooManyDocumentsMessage(limit = MAX_RUN_DOCUMENTS): string {
  return `this run has more than ${limit.toLocaleString('en-US')} documents, the limit for one run: refused from this document on; check fewer paths per run`;
}

function tooManyFindingsMessage(more: number): string {
  return `${more.toLocaleString('en-US')} more ${more === 1 ? 'finding' : 'findings'} not shown: one run reports at most ${MAX_RUN_FINDINGS.toLocaleString('en-US')}; fix these and run again`;
}

/** The finding that stands for those a run left out, with their number (capFindings below). */
export interface LeftOutFindings extends Diagnostic {
  readonly leftOut: number;
}

/** How many findings an earlier cut counted: its number, never read back from its words. */
function countedBy(cut: Diagnostic): number {
  return (cut as Partial<LeftOutFindings>).leftOut ?? 0;
}

/**
 * How many findings the run left out (capFindings below), 0 when none: a count of the findings shown
 * alone would read as all there are ("1,000 warnings" of a run that found 6,000).
 */
export function findingsLeftOut(diagnostics: readonly Diagnostic[]): number {
  return diagnostics
    .filter((d) => d.code === CODES.runTooManyFindings)
    .reduce((sum, cut) => sum + countedBy(cut), 0);
}

/** `, and 5,001 more not shown` after a count of the findings shown, or '' when none was left out. */
export function leftOutClause(diagnostics: readonly Diagnostic[]): string {
  const more = findingsLeftOut(diagnostics);
  return more > 0 ? `, and ${more.toLocaleString('en-US')} more not shown` : '';
}

/**
 * At most MAX_RUN_FINDINGS findings of a whole run, the most important first (`sorted`, as
 * compareDiagnostics orders them); the rest are counted by one finding at the first of them, as severe as
 * the worst of them. Loading cuts its own findings first (a hostile file can make millions); a run that
 * adds findings of its own cuts again, and a cut made earlier is counted in, so one finding always says
 * how many the run left out.
 */
export function capFindings(sorted: readonly Diagnostic[]): Diagnostic[] {
  const cuts = sorted.filter((d) => d.code === CODES.runTooManyFindings);
  if (cuts.length === 0 && sorted.length <= MAX_RUN_FINDINGS) return [...sorted];
  const findings = sorted.filter((d) => d.code !== CODES.runTooManyFindings);
  const earlier = cuts.reduce((sum, cut) => sum + countedBy(cut), 0);
  const kept = findings.slice(0, MAX_RUN_FINDINGS - 1);
  const dropped = findings.slice(MAX_RUN_FINDINGS - 1);
  // The cut sits at the first finding left out, or where the earlier cut sat; as severe as the worst.
  const at = [dropped[0], ...cuts].filter((d): d is Diagnostic => d !== undefined);
  const worst = at.reduce((a, b) => (SEVERITY_ORDER[b.severity] < SEVERITY_ORDER[a.severity] ? b : a));
  const leftOut = dropped.length + earlier;
  const cut: LeftOutFindings = {
    ...diagnostic(
      worst.severity,
      worst.file,
      worst,
      CODES.runTooManyFindings,
      tooManyFindingsMessage(leftOut),
    ),
    leftOut,
  };
  return [...kept, cut];
}

/**
 * How far back the cluster's metrics go, as the backtest knows it (its window is a week): a service level
 * objective's window pair longer than this would be evaluated on part of its window, so it is refused.
 */
export const METRICS_RETENTION_SECONDS = 7 * 86_400;
