/**
 * Live rules as documents, for `export`: one document per MANAGED rule, with its id and immutable fields,
 * written so that planning the result against the same live state shows no change. The cluster, the
 * target and the receivers are written by name where the name lists allow it (export-references.ts).
 */
import { Document, isMap, isScalar } from 'yaml';
import { visibleYaml } from '../../documents/yaml-write.js';
import {
  ALERT_SEVERITIES,
  ALERT_TARGET_TYPES,
  CONDITION_FUNCTIONS,
  CONDITION_KINDS,
  CONDITION_OPERATORS,
  type ManagedAlertRule,
} from '../../service/types.js';
import {
  type ExportNameLists,
  NO_NAME_LISTS,
  type ReferenceEntry,
  referenceEntries,
} from './export-references.js';

export interface ExportedDocument {
  /** A file name safe on every platform: no separator, no traversal, no reserved device name. */
  readonly fileName: string;
  /** What is written: references by name where they can be. */
  readonly text: string;
  /**
   * The same rule with every reference by id: what export checks as `validate` would (the loader compares
   * rules by cluster id), and what the Prometheus rule file is made from.
   */
  readonly idText: string;
  /** How many of its references `text` writes by id where a name was wanted, each with a comment saying why. */
  readonly byId: number;
  /** The live rule it was written from. */
  readonly ruleId: string;
  readonly ruleName: string;
}

/**
 * One document per rule, named after it. With `lists`, the references are by name where the lists allow
 * (and by id with the reason where they do not); without, by id as the service stores them.
 */
export function exportDocuments(
  rules: readonly ManagedAlertRule[],
  lists?: ExportNameLists,
): ExportedDocument[] {
  const sorted = [...rules].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  const taken = new Set<string>();
  return sorted.map((rule) => {
    const fileName = uniqueName(slug(rule.name), taken);
    const idText = documentText(rule, referenceEntries(rule, NO_NAME_LISTS), false);
    const references = lists ? referenceEntries(rule, lists) : null;
    return {
      fileName,
      text: references ? documentText(rule, references) : idText,
      idText,
      byId: references?.filter((r) => r.why !== null).length ?? 0,
      ruleId: rule.id,
      ruleName: rule.name,
    };
  });
}

/**
 * Why a live rule cannot become a document, or null when it can. The client keeps a value it does not
 * know (a severity added to the service later) as received; written to a file, it would fail our own
 * schema and break every later run on the repository, so such a rule is left out and named instead.
 */
export function unexportableReason(rule: ManagedAlertRule): string | null {
  const checks: readonly [string, unknown, readonly unknown[]][] = [
    ['severity', rule.severity, ALERT_SEVERITIES],
    ['target.target_type', rule.target.target_type, ALERT_TARGET_TYPES],
    ['condition.kind', rule.condition.kind, CONDITION_KINDS],
    ['condition.operator', rule.condition.operator ?? null, [null, ...CONDITION_OPERATORS]],
    ['condition.function', rule.condition.function ?? null, [null, ...CONDITION_FUNCTIONS]],
  ];
  const unknown = checks.filter(([, value, known]) => !known.includes(value));
  if (unknown.length === 0) return null;
  const values = unknown.map(([path, value]) => `${path} ${JSON.stringify(value)}`).join(', ');
  return `${values} ${unknown.length === 1 ? 'is' : 'are'} not known to this version, so the document would not validate`;
}

/**
 * The document of `rule`, its references written as `references` says, each id-form fallback with its
 * reason as a comment above its key (`commented` false: no comment, the id form being the only one).
 */
function documentText(
  rule: ManagedAlertRule,
  references: readonly ReferenceEntry[],
  commented = true,
): string {
  const condition: Record<string, unknown> = { kind: rule.condition.kind, promql: rule.condition.promql };
  if (rule.condition.operator != null) condition.operator = rule.condition.operator;
  if (rule.condition.threshold != null) condition.threshold = rule.condition.threshold;
  if (rule.condition.function != null) condition.function = rule.condition.function;
  const placement = references.filter((r) => !r.key.startsWith('alert_receiver'));
  const receivers = references.filter((r) => r.key.startsWith('alert_receiver'));
  const document: Record<string, unknown> = {
    kind: 'AlertRule',
    id: rule.id,
    organization_id: rule.organization_id,
    ...Object.fromEntries(placement.map((r) => [r.key, r.value])),
    name: rule.name,
    description: rule.description,
    tag: rule.tag,
    condition,
    for_duration: rule.for_duration,
    severity: rule.severity,
    enabled: rule.enabled,
    ...Object.fromEntries(receivers.map((r) => [r.key, r.value])),
    presentation: {
      summary: rule.presentation.summary ?? null,
      runbook_url: rule.presentation.runbook_url ?? null,
    },
  };
  const yaml = new Document(document);
  if (commented && isMap(yaml.contents)) {
    const pairs = yaml.contents.items;
    for (const reference of references) {
      if (reference.why === null) continue;
      const pair = pairs.find((p) => isScalar(p.key) && p.key.value === reference.key);
      if (pair && isScalar(pair.key)) pair.key.commentBefore = ` ${oneLine(reference.why)}`;
    }
  }
  // lineWidth 0 (visibleYaml's): PromQL is never folded, so the file reads as the service stores it.
  return visibleYaml(
    yaml,
    `# Exported from the live rule ${rule.id}: planning this file shows no change until it is edited.\n`,
  );
}

/** A comment is one line: a name from the service may hold a line break, which would end it. */
export function oneLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ');
}

const MAX_SLUG = 80;
const RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/;

/** Lower-case ASCII letters, digits and single dashes; never empty, never a Windows device name. */
export function slug(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG)
    .replace(/-+$/g, '');
  if (ascii === '') return 'alert-rule';
  return RESERVED.test(ascii) ? `${ascii}-rule` : ascii;
}

/** Case-insensitive file systems see "A" and "a" as one file: collisions are suffixed -2, -3, … */
function uniqueName(base: string, taken: Set<string>): string {
  let candidate = base;
  for (let n = 2; taken.has(candidate); n++) candidate = `${base}-${n}`;
  taken.add(candidate);
  return `${candidate}.yaml`;
}
