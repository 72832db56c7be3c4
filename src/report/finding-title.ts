/**
 * An annotation's title: a few plain words saying what kind of finding it is ("Unknown field", "Value not
 * allowed"), one style for every source. The stable code stays in the message, at its end as in the text
 * output (`… [schema.unknown-field]`), where searches and filters find it (docs/decisions/annotation-titles.md).
 */
import type { Diagnostic } from '../core/diagnostic.js';
import { codePageUrl } from '../core/published.js';
import { inlineCode } from '../markdown/escape.js';

/** Titles of the codes the tool emits (docs/reference/codes/ explains each; a test holds the two together). */
export const FINDING_TITLES: Readonly<Record<string, string>> = {
  'file.not-found': 'Path not found',
  'file.outside-root': 'Path outside the repository',
  'file.symlink-outside-root': 'Symlink out of the repository',
  'file.too-large': 'File too large',
  'file.unreadable': 'File unreadable',
  'file.encoding': 'Not UTF-8',
  'file.empty': 'Empty file',
  'file.not-yaml': 'Not a YAML file',
  'run.too-large': 'Run too large',
  'run.too-many-documents': 'Too many documents',
  'run.too-many-findings': 'Too many findings',
  'yaml.syntax': 'Invalid YAML',
  'yaml.duplicate-key': 'Duplicate key',
  'yaml.tab': 'Tab indentation',
  'yaml.alias-limit': 'Alias expansion limit',
  'yaml.warning': 'YAML warning',
  'document.not-mapping': 'Document not a mapping',
  'document.kind-missing': 'Missing kind',
  'document.kind-unknown': 'Unknown kind',
  'document.unsafe-key': 'Key not allowed',
  'document.key-not-a-name': 'Key not a field name',
  'document.duplicate-id': 'Duplicate id',
  'document.duplicate-name': 'Duplicate rule name',
  'document.duplicate-component': 'Duplicate component',
  'objective.indicator-without-window': 'Indicator without a window',
  'objective.short-not-shorter': 'Short window not shorter',
  'objective.beyond-retention': 'Window beyond retention',
  'objective.duplicate-pair': 'Window pair twice',
  'objective.unknown-rule-id': 'Rule id of no window pair',
  'document.name-and-id': 'Both a name and an id',
  'document.target-form': 'Target not in one form',
  'document.target-type': 'Target type not allowed',
  'document.threshold-missing': 'Operator without a threshold',
  'name.unknown': 'Unknown name',
  'name.ambiguous': 'Name matches several',
  'name.bad-reference': 'Name path malformed',
  'name.not-a-target': 'Service not a target',
  'name.target-type-mismatch': 'Target type disagrees',
  'document.secret-literal': 'Secret in git',
  'schema.required': 'Missing field',
  'schema.required-one-of': 'Missing one of several fields',
  'schema.unknown-field': 'Unknown field',
  'schema.enum': 'Value not allowed',
  'schema.type': 'Wrong type',
  'schema.format': 'Wrong format',
  'schema.min-items': 'Empty list',
  'schema.min-length': 'Empty text',
  'schema.pattern': 'Value the service refuses',
  'schema.unique-items': 'Repeated item',
  'schema.const': 'Value not allowed',
  'schema.invalid': 'Invalid value',
  'discovery.skipped': 'YAML files not checked',
  'discovery.no-documents': 'No documents',
  'history.base-unreadable': 'Base revision unreadable',
  'history.prune-without-base': 'Prune without a base revision',
  'plan.no-organization': 'No organization',
  'plan.organization-differs': 'Another organization',
  'plan.unknown-id': 'Unknown rule id',
  'plan.ambiguous-name': 'Ambiguous rule name',
  'plan.create-incomplete': 'Cannot create the rule',
  'plan.immutable-field': 'Field cannot change',
  'plan.duplicate-document': 'Rule declared twice',
  'plan.unknown-receiver': 'Unknown receiver',
  'plan.ambiguous-receiver': 'Ambiguous receiver',
  'plan.receivers-unavailable': 'Receivers unavailable',
  'plan.receiver-not-found': 'Receiver not found',
  'plan.receiver-secret-missing': 'Environment variable not set',
  'plan.receiver-secret-weak': 'Secret too weak to hide',
  'plan.receiver-in-use': 'Receiver still in use',
  'plan.rule-not-up-to-date': 'Rule not up to date',
  'plan.ghost-rule': 'Ghost rule',
  'plan.removed-not-pruned': 'Removed rule kept',
  'plan.removed-held': 'Kept, its file unreadable',
  'plan.outside-edits-unknown': 'Outside edits not known',
  'service.request-failed': 'Service request failed',
  'service.organization-unknown': 'Unknown organization',
  'service.organization-denied': 'Organization not accessible',
  'service.notice': 'Service notice',
  'service.deprecated': 'Deprecated service operation',
  'export.written': 'Exported',
  'export.rule-left-out': 'Rule left out of the rule file',
  'backtest.mostly-firing': 'Would fire most of the time',
  'backtest.never-fired': 'Would never have fired',
  'backtest.no-series': 'Query returned no series',
  'live-series.metric-gone': 'Metric gone from the cluster',
  'live-series.metric-unknown': 'Metric not on the cluster',
  'live-series.label-unknown': 'Label not on the metric',
  'live-series.value-unknown': 'Label value not on the cluster',
  'live-series.no-combination': 'Matchers never match together',
  'live-series.unavailable': 'Live series unavailable',
  'import.not-rules': 'Not a rule file',
  'import.sloth-field': 'Sloth field not kept',
  'import.sloth-refused': 'Sloth SLO not imported',
  'import.invalid-rule': 'Rule cannot be imported',
  'import.refused-query': 'Query Prometheus refuses',
  'import.recording-rule': 'Recording rule skipped',
  'import.renamed': 'Repeated name changed',
  'import.split-group': 'Group split into files',
  'import.other-label': 'Label not kept',
  'import.other-annotation': 'Annotation not kept',
  'import.template': 'Template not rendered',
  'import.keep-firing-for': 'Keep firing for not kept',
  'import.unknown-severity': 'Unknown severity',
  'import.duration-rounded': 'Duration rounded',
  'import.runbook-url': 'Runbook URL not kept',
  'import.group-setting': 'Group setting not kept',
  'logs.notice': 'Logs notice',
  'logs.fallback': 'No deployment logs',
  'component.no-organization': 'No organization',
  'component.not-found': 'Unknown template or component',
  'component.bad-request': 'Rejected by the service',
  'component.catalog-unavailable': 'Catalog unavailable',
  'component.access-denied': 'Access denied',
  'component.service-unreachable': 'Service unreachable',
  'component.rate-limited': 'Rate limit reached',
  'component.request-failed': 'Request failed',
  'component.requirement-missing': 'Missing requirement',
  'component.binding-unbound': 'Unbound binding',
  'component.violation': 'Component violation',
  'component.env-missing': 'Environment variable missing',
  'component.sensitive-literal': 'Sensitive value in git',
  'component.template-deprecated': 'Deprecated template',
  'promql.syntax': 'Invalid PromQL',
  'promql.unknown-function': 'Unknown function',
  'promql.type': 'PromQL type error',
  'promql.result-type': 'Wrong result type',
  'promql.comparison-with-operator': 'Comparison and operator',
  'promql.no-comparison': 'No comparison',
  'promql.plain-regex': 'Regex without special characters',
  'promql.empty-matchers': 'Empty matcher',
  'promql.needs-feature-flag': 'Needs a feature flag',
  'apply.plan-file-invalid': 'Invalid plan file',
  'apply.plan-other-documents': 'Plan of other documents',
  'apply.changed-since-plan': 'Changed since the plan',
  'apply.plan-differs': 'Not the plan of these documents',
  'apply.not-as-reviewed': 'Not as reviewed',
  'apply.review-not-enforced': 'Review not enforced',
  // The service's violation codes (a new one is said in words by codeInWords).
  REQUIRED: 'Missing required value',
  TYPE_MISMATCH: 'Wrong type',
  VALUE_NOT_ALLOWED: 'Value not allowed',
  OUT_OF_RANGE: 'Out of range',
  TOO_SHORT: 'Too short',
  TOO_LONG: 'Too long',
  PATTERN_MISMATCH: 'Pattern mismatch',
  TOO_FEW_ITEMS: 'Too few items',
  TOO_MANY_ITEMS: 'Too many items',
  DUPLICATE_ITEMS: 'Duplicate items',
  UNKNOWN_FIELD: 'Unknown field',
};

/** The finding's title: its own when it has one, else its code's, else the code in words. */
export function findingTitle(d: Pick<Diagnostic, 'code' | 'title'>): string {
  return d.title ?? FINDING_TITLES[d.code] ?? codeInWords(d.code);
}

/**
 * A code the tool has no title for, in words: the service's violation codes (`VALUE_NOT_ALLOWED` → "Value
 * not allowed"), or the last part of a dotted code (`plan.rule-not-up-to-date` → "Rule not up to date").
 */
function codeInWords(code: string): string {
  const last = code.split('.').pop() ?? code;
  const words = last.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Finding';
}

/**
 * The message with its code, as the text output shows a finding (`message [code]`), and on the next line
 * the address of the code's page (docs/decisions/annotation-titles.md): an annotation cannot hold a link,
 * and a reviewer who meets a code reads what it means and how to fix it there. The message is cut first
 * when the whole would pass `max` (as `measure` counts), so that the code and its page are never what is
 * cut. A line about the reporting itself has no code (''): its message as it is.
 */
export function messageWithCode(
  message: string,
  code: string,
  max: number,
  cut: (text: string, max: number) => string,
  measure: (text: string) => number,
): string {
  if (code === '') return cut(message, max);
  const suffix = ` [${code}]\n${codePageUrl(code)}`;
  return `${cut(message, Math.max(0, max - measure(suffix)))}${suffix}`;
}

/** A finding's code in a Markdown table, linked to its page: the one form of every findings table. */
export function codeMarkdown(code: string): string {
  return code === '' ? inlineCode(code) : `[${inlineCode(code)}](${codePageUrl(code)})`;
}
