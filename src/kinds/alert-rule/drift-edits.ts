/**
 * What a drifted rule asks of its document when the live state is adopted (plan/drift-write-back.ts): the
 * plan's diff read the other way (before = live becomes the document's value). Fields follow the documents'
 * defaults (docs/decisions/alert-rule-field-defaults.md): a field the document leaves out stays out when the
 * live value is its default, and a live "none" (`threshold: null`, operator NONE, no summary) removes the
 * key rather than writing a null. Receivers of a rule are written the way the document names them.
 */
import type { FieldEdit, PlainDocument, YamlPath } from '../../documents/field-edit.js';
import type { UpdateChange } from '../../model/alert-rule-change.js';
import type { FieldDiff } from '../../model/change.js';
import type { DocumentEditContext, ReceiverName, Renames } from '../document-edits.js';

/** Defaults of a rule's fields the schema lets a document leave out. */
const RULE_DEFAULTS: Readonly<Record<string, unknown>> = { description: '', tag: '', enabled: true };

/** Fields whose live null or NONE means "absent": the key is removed. */
const ABSENT_WHEN_NONE = new Set(['condition.operator', 'condition.function']);
const ABSENT_WHEN_NULL = new Set(['condition.threshold', 'presentation.summary', 'presentation.runbook_url']);

export function ruleEdits(change: UpdateChange, { doc, receivers }: DocumentEditContext): FieldEdit[] {
  return change.diff.flatMap((d): FieldEdit[] => {
    const path: YamlPath = d.path.split('.');
    if (d.path === 'alert_receiver_ids') return receiverListEdits(d, doc, receivers);
    if (ABSENT_WHEN_NONE.has(d.path) && (d.before === null || d.before === 'NONE')) {
      return [{ op: 'remove', path }];
    }
    if (ABSENT_WHEN_NULL.has(d.path) && d.before === null) return [{ op: 'remove', path }];
    return [{ op: 'set', path, value: d.before, unlessMissing: RULE_DEFAULTS[d.path] }];
  });
}

/**
 * The live receivers written the way the document writes them: an id the document lists by id stays an
 * id, a receiver with a name that finds it alone is written by name when the document names receivers
 * (or lists none by id), anything else by id. Items kept keep their place and their comments.
 */
function receiverListEdits(
  d: FieldDiff,
  doc: PlainDocument,
  receivers: readonly ReceiverName[] | null,
): FieldEdit[] {
  const live = (d.before as readonly string[]).map((id) => id.toLowerCase());
  const idsWritten = stringList(doc.alert_receiver_ids);
  const namesWritten = stringList(doc.alert_receivers);
  const byName = new Map<string, string[]>();
  for (const r of receivers ?? []) byName.set(r.name, [...(byName.get(r.name) ?? []), r.id.toLowerCase()]);
  const uniqueName = (id: string): string | null => {
    const r = receivers?.find((x) => x.id.toLowerCase() === id);
    return r !== undefined && byName.get(r.name)?.length === 1 ? r.name : null;
  };
  const namedId = (name: string): string | null => {
    const ids = byName.get(name);
    return ids?.length === 1 ? ids[0]! : null;
  };
  const keepIds: number[] = [];
  const keepNames: number[] = [];
  const covered = new Set<string>();
  idsWritten.forEach((id, i) => {
    if (live.includes(id.toLowerCase()) && !covered.has(id.toLowerCase())) {
      keepIds.push(i);
      covered.add(id.toLowerCase());
    }
  });
  namesWritten.forEach((name, i) => {
    const id = namedId(name);
    if (id !== null && live.includes(id) && !covered.has(id)) {
      keepNames.push(i);
      covered.add(id);
    }
  });
  const preferNames = namesWritten.length > 0 || idsWritten.length === 0;
  const appendIds: string[] = [];
  const appendNames: string[] = [];
  for (const id of (d.before as readonly string[]).filter((x) => !covered.has(x.toLowerCase()))) {
    const name = preferNames ? uniqueName(id.toLowerCase()) : null;
    if (name === null) appendIds.push(id);
    else appendNames.push(name);
  }
  const edits: FieldEdit[] = [];
  // A list that keeps every item and gains none is not touched, so its document is not printed again.
  if (keepIds.length < idsWritten.length || appendIds.length > 0) {
    edits.push({ op: 'list', path: ['alert_receiver_ids'], keep: keepIds, append: appendIds });
  }
  if (keepNames.length < namesWritten.length || appendNames.length > 0) {
    edits.push({ op: 'list', path: ['alert_receivers'], keep: keepNames, append: appendNames });
  }
  return edits;
}

/**
 * A receiver renamed in the console: a rule document that names it by the old name takes the new one (the
 * plan resolves a rule's names against the receivers' documents, so the rule plans as it was; written back,
 * it must follow). Only names the rename explains are touched.
 */
export function followReceiverRenames(doc: PlainDocument, renames: Renames): FieldEdit[] {
  const renamed = renames.get('AlertReceiver');
  const items = doc.alert_receivers;
  if (renamed === undefined || !Array.isArray(items)) return [];
  return items.flatMap((item, i): FieldEdit[] => {
    const next = typeof item === 'string' ? renamed.get(item) : undefined;
    return next === undefined ? [] : [{ op: 'set', path: ['alert_receivers', i], value: next }];
  });
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
