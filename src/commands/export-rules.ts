/**
 * `export --format prometheus-rules [PATH…]`: the repository's alert rules as one Prometheus rule file, on
 * stdout or in --out FILE, for `promtool check rules` and `promtool test rules`. Offline: the documents
 * are read as `validate` reads them; the mapping is src/prometheus-rules/export-rules.ts.
 */
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { compareDiagnostics } from '../core/diagnostic.js';
import { UsageError } from '../core/errors.js';
import { loadDocuments } from '../documents/load.js';
import type { AlertRuleDocument } from '../documents/types.js';
import { exportRules } from '../prometheus-rules/export-rules.js';
import { formatDiagnosticsText } from '../report/diagnostics-text.js';

export interface ExportRulesOptions {
  /** Repository root: findings name files relative to it, and the groups are named by those paths. */
  readonly root: string;
  readonly paths: readonly string[];
  /** The directory relative paths are read from (default root). */
  readonly from?: string;
  readonly readOutsideRoot?: boolean;
  readonly ignore?: readonly string[];
  /** The rule file to write, relative to `from`; stdout when absent. */
  readonly outFile: string | undefined;
  readonly print: (text: string) => void;
  readonly warn: (text: string) => void;
}

/** Writes the rule file, prints what was left out, returns the exit status (1 when any finding is an error). */
export async function runExportRulesCommand(options: ExportRulesOptions): Promise<number> {
  const loaded = await loadDocuments(options.root, options.paths, {
    from: options.from,
    readOutsideRoot: options.readOutsideRoot,
    ignore: options.ignore,
  });
  const rules = loaded.documents.filter((d): d is AlertRuleDocument => d.kind === 'AlertRule');
  const exported = exportRules(rules);
  if (options.outFile === undefined) {
    options.print(exported.text);
  } else {
    const path = resolve(options.from ?? options.root, options.outFile);
    try {
      await writeFile(path, exported.text, 'utf8');
    } catch (error) {
      const why = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      throw new UsageError(`export cannot write ${path} (${why}): choose another --out file`);
    }
  }
  const diagnostics = [...loaded.diagnostics, ...exported.diagnostics].sort(compareDiagnostics);
  options.warn(formatDiagnosticsText(diagnostics, { color: false }));
  options.warn(
    `exported ${exported.rules} of ${rules.length} alert rule${rules.length === 1 ? '' : 's'} as a Prometheus rule file${options.outFile === undefined ? '' : ` to ${options.outFile}`}\n`,
  );
  return diagnostics.some((d) => d.severity === 'error') ? 1 : 0;
}
