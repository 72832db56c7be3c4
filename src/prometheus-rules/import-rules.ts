/**
 * Prometheus alerting rules → AlertRule documents, one file per group. The mapping is exact or it is
 * reported: whatever the service's rule cannot hold is named, with the line of the rule file it is written
 * on, and counted by kind (docs/decisions/prometheus-rules.md). Pure: groups and options in, file texts,
 * findings and figures out.
 */

import { type Diagnostic, diagnostic, type SourceRange } from '../core/diagnostic.js';
import { RULES_IO_CODES, type RulesIoCode } from './codes.js';
import {
  groupFiles,
  type ImportedFile,
  type MappedDocument,
  type Placed,
  validationFindings,
} from './import-files.js';
import { mapRule } from './map-rule.js';
import { distinctNames } from './names.js';
import type { SourceGroup, SourceRule } from './read-rules.js';
import type { ImportOptions } from './rules-import-options.js';

export { IMPORTED_MARK, type ImportedFile } from './import-files.js';

export interface ImportFigures {
  readonly alerting: number;
  readonly imported: number;
  readonly exact: number;
  readonly withLosses: number;
  /** Rules with at least one finding of each kind. */
  readonly lossesByKind: Readonly<Record<string, number>>;
  readonly recording: number;
  /** Rules that could not become a document (a `for` Prometheus refuses, …). */
  readonly notImported: number;
}

export interface ImportResult {
  readonly files: readonly ImportedFile[];
  readonly diagnostics: readonly Diagnostic[];
  readonly figures: ImportFigures;
}

export function importRules(groups: readonly SourceGroup[], options: ImportOptions): ImportResult {
  const diagnostics: Diagnostic[] = [];
  const alerts = groups.flatMap((g) => g.rules.filter((r) => r.kind === 'alert'));
  // Alerting rules refused as they were read are alerting rules not imported: one count of each.
  const refusedAtRead = groups.reduce((sum, g) => sum + (g.refusedAlerts ?? 0), 0);
  const distinct = distinctNames(alerts);
  const names = new Map(alerts.map((rule, i) => [rule, distinct[i]!] as const));
  const kinds = new Map<string, number>();
  let exact = 0;
  let notImported = refusedAtRead;
  let recording = groups.reduce((sum, g) => sum + (g.refusedRecords ?? 0), 0);
  const files: ImportedFile[] = [];
  const takenFiles = new Set<string>();
  const placed: Placed[] = [];

  for (const group of groups) {
    const documents: MappedDocument[] = [];
    for (const rule of group.rules) {
      if (rule.kind === 'record') {
        recording++;
        diagnostics.push(
          note(
            rule,
            rule.at,
            RULES_IO_CODES.recordingRule,
            `recording rule "${rule.name}" skipped: the service holds alerting rules only`,
          ),
        );
        continue;
      }
      const mapped = mapRule(rule, names.get(rule)!, options);
      diagnostics.push(...mapped.findings);
      if (mapped.text === null) {
        notImported++;
        continue;
      }
      const codes = new Set(mapped.findings.map((f) => f.code));
      if (codes.size === 0) exact++;
      for (const code of codes) kinds.set(code, (kinds.get(code) ?? 0) + 1);
      documents.push({ rule, text: mapped.text });
    }
    // One file per group, or numbered parts when one file would be over the size validate reads.
    const written = groupFiles(group, documents, takenFiles);
    files.push(...written.files);
    placed.push(...written.placed);
    if (written.split) diagnostics.push(written.split);
  }
  diagnostics.push(...validationFindings(files, placed));
  const alerting = alerts.length + refusedAtRead;
  const imported = alerting - notImported;
  return {
    files,
    diagnostics,
    figures: {
      alerting,
      imported,
      exact,
      withLosses: imported - exact,
      lossesByKind: Object.fromEntries([...kinds].sort(([a], [b]) => a.localeCompare(b))),
      recording,
      notImported,
    },
  };
}

function note(rule: SourceRule, at: SourceRange, code: RulesIoCode, message: string): Diagnostic {
  return diagnostic('notice', rule.file, at, code, message);
}
