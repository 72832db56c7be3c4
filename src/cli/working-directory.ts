/**
 * The command line's text names files from where the user stands (the directory the paths given were read
 * from: the working directory, or the root of a `--root` it lies outside of): `validate nu/err/platform` run one level
 * above the repository prints `nu/err/platform/alert-rules/example.yaml:19:11`, which that terminal can open.
 * Reports name files relative to the repository root (annotations, JSON and saved plans need that); this
 * renames them for the text form only, at the edge, so nothing else sees the difference.
 */
import { isAbsolute, join, relative, sep } from 'node:path';
import type { RunReport } from '../run/reports.js';

/** `file` (relative to `root`, forward slashes) as seen from `cwd`; unchanged when the two are the same. */
export function fromWorkingDirectory(file: string, root: string, cwd: string): string {
  if (file === '' || isAbsolute(file) || root === cwd) return file;
  const seen = relative(cwd, join(root, file));
  return sep === '/' ? seen : seen.split(sep).join('/');
}

/** The report with every file it names (findings, changes of every kind, components, results, backtest) seen from `cwd`. */
export function namedFromWorkingDirectory(report: RunReport, root: string, cwd: string): RunReport {
  if (root === cwd) return report;
  const seen = (file: string) => fromWorkingDirectory(file, root, cwd);
  const move = <T extends { readonly file: string }>(item: T): T => ({ ...item, file: seen(item.file) });
  const moved: RunReport = {
    ...report,
    diagnostics: report.diagnostics.map(move),
    plan: report.plan
      ? {
          ...report.plan,
          changes: report.plan.changes.map(move),
          diagnostics: report.plan.diagnostics.map(move),
        }
      : null,
    components: report.components.map(move),
    results: report.results.map((result) => ({ ...result, change: move(result.change) })),
    ...(report.skippedFiles ? { skippedFiles: report.skippedFiles.map(seen) } : {}),
  };
  // A plan's backtest names the files of the rules it ran, or did not.
  if (moved.command !== 'plan' || moved.backtest === undefined) return moved;
  const { backtest } = moved;
  return {
    ...moved,
    backtest: {
      ...backtest,
      rules: backtest.rules.map(move),
      notBacktested: backtest.notBacktested.map(move),
    },
  };
}
