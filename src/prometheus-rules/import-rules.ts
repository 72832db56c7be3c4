/**
 * Prometheus alerting rules → AlertRule documents, one file per group. The mapping is exact or it is
 * reported: whatever the service's rule cannot hold is named, with the line of the rule file it is written
 * on, and counted by kind (docs/decisions/prometheus-rules.md). Pure: groups and options in, file texts,
 * findings and figures out.
 */

import { type Diagnostic, diagnostic, type SourceRange } from '../core/diagnostic.js';
import { visibleYaml } from '../documents/yaml-write.js';
import { queryError } from '../promql/check-query.js';
import type { AlertSeverity } from '../service/types/alert-rules.js';
import { RULES_IO_CODES, type RulesIoCode } from './codes.js';
import {
  groupFiles,
  type ImportedFile,
  type MappedDocument,
  type Placed,
  validationFindings,
} from './import-files.js';
import { distinctNames } from './names.js';
import { isoDuration, prometheusMilliseconds } from './prometheus-duration.js';
import type { SourceGroup, SourceRule } from './read-rules.js';
import type { ClusterRef, TargetForm } from './references.js';
import { FALLBACK_SEVERITY } from './severity.js';
import { splitCondition } from './split-condition.js';

export interface ImportOptions {
  /** The cluster and the target as the documents write them, by name or by id (references.ts). */
  readonly cluster: ClusterRef;
  readonly target: TargetForm;
  /** Receivers by id (`alert_receiver_ids`) and by name (`alert_receivers`); at least one in all. */
  readonly receiverIds: readonly string[];
  readonly receiverNames: readonly string[];
  /** Lower-case label value → severity. */
  readonly severityMap: Readonly<Record<string, AlertSeverity>>;
}

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

const KEPT_ANNOTATIONS = new Set(['summary', 'description', 'runbook_url']);
const TEMPLATE = /\{\{/;
// The schema's pattern for presentation.runbook_url.
const RUNBOOK_URL = /^[Hh][Tt][Tt][Pp][Ss]?:\/\/[^\s/?#@]+([/?#]\S*)?$/;

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

/** How a mapping step reports what the service's rule cannot hold: a warning at the rule file's line. */
type Loss = (at: SourceRange, code: RulesIoCode, message: string) => void;

/** What the document takes from the steps that may lose or refuse part of the rule. */
interface MappedParts {
  readonly forDuration: string;
  readonly severity: AlertSeverity;
  readonly runbookUrl: string | null;
}

function mapRule(
  rule: SourceRule,
  name: string,
  options: ImportOptions,
): { text: string | null; findings: Diagnostic[] } {
  const findings: Diagnostic[] = [];
  const loss: Loss = (at, code, message) =>
    findings.push(diagnostic('warning', rule.file, at, code, `${rule.name}: ${message}`));
  const forDuration = mapFor(rule, findings);
  if (forDuration === null) return { text: null, findings };

  reportRenamed(rule, name, loss);
  reportDroppedMetadata(rule, loss);
  const severity = mapSeverity(rule, options, loss);
  const runbookUrl = mapRunbookUrl(rule, loss);
  findings.push(...queryFindings(rule));
  const document = alertRuleDocument(rule, name, options, { forDuration, severity, runbookUrl });
  const origin = `# ${rule.file}:${rule.at.line} alert ${JSON.stringify(rule.name)}\n`;
  return { text: visibleYaml(document, origin), findings };
}

function reportRenamed(rule: SourceRule, name: string, loss: Loss): void {
  if (name === rule.name) return;
  loss(
    rule.at,
    RULES_IO_CODES.renamed,
    `the alert name is repeated in the rules imported; named "${name}" (the original name is kept in \`tag\`)`,
  );
}

/** Labels, annotations and settings the service's rule has no place for, and templates it may not render. */
function reportDroppedMetadata(rule: SourceRule, loss: Loss): void {
  for (const [label, value] of Object.entries(rule.labels)) {
    if (label === 'severity') continue;
    loss(
      rule.places[`labels.${label}`]!,
      RULES_IO_CODES.otherLabel,
      `label ${label}="${value}" is not kept: the service's rule has no labels`,
    );
  }
  for (const annotation of Object.keys(rule.annotations)) {
    if (KEPT_ANNOTATIONS.has(annotation)) continue;
    loss(
      rule.places[`annotations.${annotation}`]!,
      RULES_IO_CODES.otherAnnotation,
      `annotation "${annotation}" is not kept: the service holds summary, description and runbook_url only`,
    );
  }
  if (rule.keepFiringFor !== null) {
    loss(
      rule.places.keep_firing_for!,
      RULES_IO_CODES.keepFiringFor,
      `keep_firing_for ${rule.keepFiringFor} is not kept: the service has no such setting, the alert resolves as soon as the condition stops holding`,
    );
  }
  for (const annotation of ['summary', 'description']) {
    const text = rule.annotations[annotation];
    if (text !== undefined && TEMPLATE.test(text)) {
      loss(
        rule.places[`annotations.${annotation}`]!,
        RULES_IO_CODES.template,
        `the ${annotation} is written as it is, with its Prometheus template syntax ({{ … }}), which the service may not render`,
      );
    }
  }
}

/** The runbook_url annotation when the schema takes it, else null (with a loss). */
function mapRunbookUrl(rule: SourceRule, loss: Loss): string | null {
  const runbookUrl = rule.annotations.runbook_url ?? null;
  if (runbookUrl === null || RUNBOOK_URL.test(runbookUrl)) return runbookUrl;
  loss(
    rule.places['annotations.runbook_url']!,
    RULES_IO_CODES.runbookUrl,
    `runbook_url "${runbookUrl}" is not kept: the service holds an absolute http(s) URL only`,
  );
  return null;
}

/** An expression Prometheus would refuse is imported as it is, with an error to fix it before applying. */
function queryFindings(rule: SourceRule): Diagnostic[] {
  const refused = queryError(rule.expr);
  if (refused === null) return [];
  return [
    diagnostic(
      'error',
      rule.file,
      rule.places.expr!,
      RULES_IO_CODES.refusedQuery,
      `${rule.name}: Prometheus would refuse this expression (${refused}); imported as it is: fix it before applying`,
    ),
  ];
}

/** The AlertRule document, its keys in the order the documents are written in. */
function alertRuleDocument(
  rule: SourceRule,
  name: string,
  options: ImportOptions,
  parts: MappedParts,
): Record<string, unknown> {
  const document: Record<string, unknown> = {
    kind: 'AlertRule',
    ...options.cluster,
    target: { ...options.target },
    name,
  };
  if (rule.annotations.description !== undefined) document.description = rule.annotations.description;
  if (name !== rule.name) document.tag = rule.name;
  document.condition = conditionOf(rule.expr);
  document.for_duration = parts.forDuration;
  document.severity = parts.severity;
  document.enabled = true;
  if (options.receiverIds.length > 0) document.alert_receiver_ids = [...options.receiverIds];
  if (options.receiverNames.length > 0) document.alert_receivers = [...options.receiverNames];
  const presentation = presentationOf(rule, parts.runbookUrl);
  if (presentation !== null) document.presentation = presentation;
  return document;
}

/** The expression as a CUSTOM condition, a top-level comparison with a number split off (split-condition.ts). */
function conditionOf(expr: string): Record<string, unknown> {
  const condition = splitCondition(expr);
  return {
    kind: 'CUSTOM',
    promql: condition.promql,
    operator: condition.operator,
    ...(condition.threshold === undefined ? {} : { threshold: condition.threshold }),
    function: 'NONE',
  };
}

function presentationOf(rule: SourceRule, runbookUrl: string | null): Record<string, string> | null {
  const presentation: Record<string, string> = {};
  if (rule.annotations.summary !== undefined) presentation.summary = rule.annotations.summary;
  if (runbookUrl !== null) presentation.runbook_url = runbookUrl;
  return Object.keys(presentation).length > 0 ? presentation : null;
}

/** `for` → ISO-8601; absent is 0s, as in Prometheus. Null (with an error) when Prometheus would refuse it. */
function mapFor(rule: SourceRule, findings: Diagnostic[]): string | null {
  if (rule.for === null) return 'PT0S';
  const ms = prometheusMilliseconds(rule.for);
  const at = rule.places.for!;
  if (ms === null) {
    findings.push(
      diagnostic(
        'error',
        rule.file,
        at,
        RULES_IO_CODES.invalidRule,
        `${rule.name}: \`for: ${rule.for}\` is not a Prometheus duration (e.g. 5m, 1h30m): not imported`,
      ),
    );
    return null;
  }
  const seconds = Math.ceil(ms / 1000);
  if (seconds * 1000 !== ms) {
    findings.push(
      diagnostic(
        'warning',
        rule.file,
        at,
        RULES_IO_CODES.durationRounded,
        `${rule.name}: \`for: ${rule.for}\` has milliseconds and the service counts whole seconds: rounded up to ${isoDuration(seconds)}`,
      ),
    );
  }
  return isoDuration(seconds);
}

function mapSeverity(rule: SourceRule, options: ImportOptions, loss: Loss): AlertSeverity {
  const label = rule.labels.severity;
  const mapped = label === undefined ? undefined : options.severityMap[label.toLowerCase()];
  if (mapped !== undefined) return mapped;
  const at = label === undefined ? rule.at : rule.places['labels.severity']!;
  const why =
    label === undefined
      ? 'has no severity label'
      : `has severity "${label}", which the severity map does not know`;
  loss(
    at,
    RULES_IO_CODES.unknownSeverity,
    `${why}: imported as ${FALLBACK_SEVERITY} (add it to --severity-map to choose)`,
  );
  return FALLBACK_SEVERITY;
}

function note(rule: SourceRule, at: SourceRange, code: RulesIoCode, message: string): Diagnostic {
  return diagnostic('notice', rule.file, at, code, message);
}
