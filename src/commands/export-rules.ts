/**
 * `export --format prometheus-rules [PATH…]`: the repository's alert rules as one Prometheus rule file, on
 * stdout or in --out FILE, for `promtool check rules` and `promtool test rules`. Offline: the documents
 * are read as `validate` reads them. With `--org ID`, the organization's live rules instead, as `export`
 * writes them as documents, one group per cluster. The mapping is
 * src/prometheus-rules/rules-from-documents.ts.
 */
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { compareDiagnostics, type Diagnostic, diagnostic, FILE_START } from '../core/diagnostic.js';
import { plural } from '../core/plural.js';
import { UsageError } from '../core/usage-error.js';
import { loadDocuments } from '../documents/load.js';
import { parseFiles } from '../documents/parse.js';
import type { AlertRuleDocument, Document } from '../documents/types.js';
import { serviceError } from '../planner/service-findings.js';
import { RULES_IO_CODES } from '../prometheus-rules/codes.js';
import { exportRules } from '../prometheus-rules/rules-from-documents.js';
import { formatDiagnosticsText } from '../report/diagnostics-text.js';
import { ApiError } from '../service/errors.js';
import type { ServiceClient } from '../service/types.js';
import { exportContent } from './export.js';

export interface ExportRulesOptions {
  /** Repository root: findings name files relative to it, and the groups are named by those paths. */
  readonly root: string;
  readonly paths: readonly string[];
  /** The directory relative paths are read from (default root). */
  readonly from?: string;
  readonly readOutsideRoot?: boolean;
  readonly ignore?: readonly string[];
  /** The organization's live rules instead of the documents under `paths`. */
  readonly organization?: { readonly id: string; readonly client: ServiceClient };
  /** The rule file to write, relative to `from`; stdout when absent. */
  readonly outFile: string | undefined;
  readonly print: (text: string) => void;
  readonly warn: (text: string) => void;
}

/** Writes the rule file, prints what was left out, returns the exit status (1 when any finding is an error). */
export async function runExportRulesCommand(options: ExportRulesOptions): Promise<number> {
  const loaded = options.organization
    ? await organizationRules(options.organization.client, options.organization.id)
    : await loadDocuments(options.root, options.paths, {
        from: options.from,
        readOutsideRoot: options.readOutsideRoot,
        ignore: options.ignore,
      });
  if ('unread' in loaded) {
    // No rule file at all, rather than an empty one that would replace a good file it is redirected to.
    options.warn(formatDiagnosticsText(loaded.diagnostics, { color: false }));
    return 1;
  }
  const rules = loaded.documents.filter((d): d is AlertRuleDocument => d.kind === 'AlertRule');
  const exported = exportRules(rules, options.organization ? clusterGroup : undefined);
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
    `exported ${exported.rules} of ${plural(rules.length, 'alert rule')} as a Prometheus rule file${options.outFile === undefined ? '' : ` to ${options.outFile}`}\n`,
  );
  return diagnostics.some((d) => d.severity === 'error') ? 1 : 0;
}

/**
 * The organization's managed rules as `export` writes them as documents (ghosts and rules holding values
 * this version does not know are left out and named).
 */
async function organizationRules(
  client: ServiceClient,
  organizationId: string,
): Promise<
  | { documents: readonly Document[]; diagnostics: readonly Diagnostic[] }
  | { unread: true; diagnostics: readonly Diagnostic[] }
> {
  let content: Awaited<ReturnType<typeof exportContent>>;
  try {
    // By id: the rule file is made from the rules' values, and groups them by cluster id.
    content = await exportContent(client, organizationId, { names: false });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return {
      unread: true,
      diagnostics: [
        serviceError(`The alert rules of organization ${organizationId} could not be read`, error),
      ],
    };
  }
  const encoder = new TextEncoder();
  const parsed = parseFiles(
    content.documents.map((d) => ({ path: d.fileName, bytes: encoder.encode(d.idText) })),
  );
  const skipped = content.skipped.map((line) =>
    diagnostic('warning', '', FILE_START, RULES_IO_CODES.exportSkipped, line),
  );
  return { documents: parsed.documents, diagnostics: [...parsed.diagnostics, ...skipped] };
}

/** Live rules have no file: one group per cluster. */
function clusterGroup(doc: AlertRuleDocument): string {
  return `cluster ${doc.value.cluster_id ?? 'unknown'}`;
}
