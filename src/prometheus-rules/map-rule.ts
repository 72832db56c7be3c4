/**
 * One Prometheus alerting rule → one AlertRule document's text, with a finding for whatever the service's
 * rule cannot hold, at the line of the rule file it is written on (docs/decisions/prometheus-rules.md).
 */

import { type Diagnostic, diagnostic, type SourceRange } from '../core/diagnostic.js';
import { visibleYaml } from '../documents/yaml-write.js';
import { queryError } from '../promql/check-query.js';
import type { AlertSeverity } from '../service/types/alert-rules.js';
import { alertRuleDocument } from './alert-rule-document.js';
import { RULES_IO_CODES, type RulesIoCode } from './codes.js';
import { isoDuration, prometheusMilliseconds } from './prometheus-duration.js';
import type { SourceRule } from './read-rules.js';
import type { ImportOptions } from './rules-import-options.js';
import { FALLBACK_SEVERITY } from './severity.js';

const KEPT_ANNOTATIONS = new Set(['summary', 'description', 'runbook_url']);
const TEMPLATE = /\{\{/;
// The schema's pattern for presentation.runbook_url.
const RUNBOOK_URL = /^[Hh][Tt][Tt][Pp][Ss]?:\/\/[^\s/?#@]+([/?#]\S*)?$/;

/** How a mapping step reports what the service's rule cannot hold: a warning at the rule file's line. */
type Loss = (at: SourceRange, code: RulesIoCode, message: string) => void;

export function mapRule(
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
