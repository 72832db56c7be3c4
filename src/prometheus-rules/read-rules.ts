/**
 * Prometheus rule files (`groups: [{name, rules: […]}]`) and Kubernetes PrometheusRule resources
 * (`kind: PrometheusRule`, `spec.groups`, any number per file as kube-prometheus and `helm template` write
 * them) → groups of rules, each field with the line it is written on, so that every loss is reported where
 * it can be fixed. Pure: text in, rules and findings out. YAML is read by the project's parser
 * (src/documents/yaml-parse.ts), with its findings.
 */
import { isMap, isScalar, isSeq, LineCounter, type Node, type Pair, type YAMLMap } from 'yaml';
import { type Diagnostic, diagnostic, FILE_START, type SourceRange } from '../core/diagnostic.js';
import { rangeOfNode } from '../documents/positions.js';
import { parseYaml } from '../documents/yaml-parse.js';
import { RULES_IO_CODES } from './codes.js';

export interface SourceRule {
  readonly file: string;
  readonly group: string;
  /** `alert` or `record`. */
  readonly kind: 'alert' | 'record';
  /** The alert's or the recorded series' name. */
  readonly name: string;
  readonly expr: string;
  readonly for: string | null;
  readonly keepFiringFor: string | null;
  readonly labels: Readonly<Record<string, string>>;
  readonly annotations: Readonly<Record<string, string>>;
  /** Where the rule starts (its `alert:`/`record:` line). */
  readonly at: SourceRange;
  /** Where each field is written: `expr`, `for`, `keep_firing_for`, `labels.x`, `annotations.x`. */
  readonly places: Readonly<Record<string, SourceRange>>;
}

export interface SourceGroup {
  readonly file: string;
  readonly name: string;
  readonly at: SourceRange;
  readonly rules: readonly SourceRule[];
  /**
   * Alerting rules of the group refused as they were read (a field Prometheus refuses, no `expr`, …), each
   * with its error: counted with the group's alerting rules, as not imported. A rule that is neither an
   * alert nor a record counts here too: nothing of it can be imported.
   */
  readonly refusedAlerts?: number;
  /** Recording rules of the group refused as they were read: counted with the recording rules skipped. */
  readonly refusedRecords?: number;
}

export interface ReadRules {
  readonly groups: SourceGroup[];
  readonly diagnostics: Diagnostic[];
}

const RULE_KEYS = new Set(['alert', 'record', 'expr', 'for', 'keep_firing_for', 'labels', 'annotations']);

export function readRuleFile(file: string, text: string): ReadRules {
  const lineCounter = new LineCounter();
  const groups: SourceGroup[] = [];
  const findings: Diagnostic[] = [];
  const place = (node: Node | null | undefined): SourceRange =>
    node ? rangeOfNode(lineCounter, node, text) : FILE_START;
  const refuse = (at: SourceRange, code: string, message: string) =>
    findings.push(diagnostic('error', file, at, code, message));
  const warn = (at: SourceRange, code: string, message: string) =>
    findings.push(diagnostic('warning', file, at, code, message));

  /** A rule file's root (`groups:`) or a PrometheusRule resource (`spec.groups`). */
  const readResource = (root: YAMLMap, resource: boolean): void => {
    const groupsOwner = resource ? root.get('spec', true) : root;
    if (!isMap(groupsOwner) || !groupsOwner.has('groups')) {
      refuse(
        place(resource ? ((pairOf(root, 'spec')?.key as Node) ?? root) : root),
        RULES_IO_CODES.notRules,
        notRulesMessage(resource ? 'this PrometheusRule has no spec.groups' : 'no `groups:` key'),
      );
      return;
    }
    const list = groupsOwner.get('groups', true);
    if (!isSeq(list)) {
      refuse(
        place(pairOf(groupsOwner, 'groups')?.key as Node),
        RULES_IO_CODES.notRules,
        '`groups` must be a list of groups',
      );
      return;
    }
    for (const item of list.items) {
      const group = readGroup(file, item as Node, place, refuse, warn);
      if (group) groups.push(group);
    }
  };

  const yamlFindings = parseYaml(file, text, lineCounter, ({ doc }) => {
    const root = doc.contents;
    if (!isMap(root)) {
      refuse(place(root as Node), RULES_IO_CODES.notRules, notRulesMessage('the document is not a mapping'));
      return true;
    }
    const kind = scalarOf(root, 'kind');
    // `kubectl get prometheusrules -o yaml` prints a List (or PrometheusRuleList) of the resources.
    if (kind === 'List' || kind === 'PrometheusRuleList') {
      const items = root.get('items', true);
      for (const item of isSeq(items) ? items.items : []) {
        if (!isMap(item)) continue;
        const itemKind = scalarOf(item, 'kind');
        if (itemKind === 'PrometheusRule' || (itemKind === null && kind === 'PrometheusRuleList')) {
          readResource(item, true);
        }
      }
      return true;
    }
    if (kind !== null && kind !== 'PrometheusRule') {
      // `helm template` prints every resource of a chart: the others are not ours to read.
      return true;
    }
    readResource(root, kind === 'PrometheusRule');
    return true;
  });
  if (groups.length === 0 && findings.length === 0 && !yamlFindings.some((d) => d.severity === 'error')) {
    findings.push(
      diagnostic(
        'error',
        file,
        FILE_START,
        RULES_IO_CODES.notRules,
        notRulesMessage('no rule group and no PrometheusRule in it'),
      ),
    );
  }
  return { groups, diagnostics: [...yamlFindings, ...findings] };
}

function notRulesMessage(why: string): string {
  return `not a Prometheus rule file (${why}): import reads files with \`groups: [{name, rules}]\` and Kubernetes resources of \`kind: PrometheusRule\``;
}

type Place = (node: Node | null | undefined) => SourceRange;
type Refuse = (at: SourceRange, code: string, message: string) => void;

function readGroup(file: string, node: Node, place: Place, refuse: Refuse, warn: Refuse): SourceGroup | null {
  if (!isMap(node)) {
    refuse(place(node), RULES_IO_CODES.notRules, 'a group must be a mapping with `name` and `rules`');
    return null;
  }
  const name = scalarOf(node, 'name');
  if (name === null || name.trim() === '') {
    refuse(place(node), RULES_IO_CODES.notRules, 'a group needs a `name`: its rules are not imported');
    return null;
  }
  for (const pair of node.items) {
    const key = isScalar(pair.key) ? String(pair.key.value) : '';
    if (key === 'name' || key === 'rules') continue;
    warn(
      place(pair.key as Node),
      RULES_IO_CODES.groupSetting,
      `group "${name}": \`${key}\` is not kept: the service evaluates each rule on its own schedule, with no group settings`,
    );
  }
  const list = node.get('rules', true);
  if (list === undefined || (isScalar(list) && list.value === null)) {
    return { file, name, at: place(node), rules: [] };
  }
  if (!isSeq(list)) {
    refuse(place(list as Node), RULES_IO_CODES.notRules, `\`rules\` of group "${name}" must be a list`);
    return null;
  }
  const rules: SourceRule[] = [];
  let refusedAlerts = 0;
  let refusedRecords = 0;
  for (const item of list.items) {
    const rule = readRule(file, name, item as Node, place, refuse);
    if (rule) rules.push(rule);
    else if (isMap(item) && scalarOf(item, 'record') !== null && scalarOf(item, 'alert') === null)
      refusedRecords++;
    else refusedAlerts++;
  }
  return { file, name, at: place(pairOf(node, 'name')?.key as Node), rules, refusedAlerts, refusedRecords };
}

function readRule(file: string, group: string, node: Node, place: Place, refuse: Refuse): SourceRule | null {
  if (!isMap(node)) {
    refuse(
      place(node),
      RULES_IO_CODES.invalidRule,
      'a rule must be a mapping with `alert` (or `record`) and `expr`',
    );
    return null;
  }
  const alert = scalarOf(node, 'alert');
  const record = scalarOf(node, 'record');
  const at = place(node);
  if ((alert === null) === (record === null)) {
    refuse(
      at,
      RULES_IO_CODES.invalidRule,
      'a rule needs exactly one of `alert` and `record` (a string): not imported',
    );
    return null;
  }
  const exprNode = node.get('expr', true) as Node | undefined;
  const expr = scalarOf(node, 'expr');
  if (expr === null || expr.trim() === '') {
    refuse(
      exprNode ? place(exprNode) : at,
      RULES_IO_CODES.invalidRule,
      `rule "${alert ?? record}" needs an \`expr\` (a PromQL string): not imported`,
    );
    return null;
  }
  const places: Record<string, SourceRange> = { expr: place(exprNode) };
  for (const key of ['for', 'keep_firing_for']) {
    const value = node.get(key, true) as Node | undefined;
    if (value) places[key] = place(value);
  }
  for (const pair of node.items) {
    const key = isScalar(pair.key) ? String(pair.key.value) : '';
    if (!RULE_KEYS.has(key)) {
      refuse(
        place(pair.key as Node),
        RULES_IO_CODES.invalidRule,
        `unknown rule field \`${key}\` (Prometheus refuses it too): not imported`,
      );
      return null;
    }
  }
  const labels = stringMap(node, 'labels', places, place, refuse);
  const annotations = stringMap(node, 'annotations', places, place, refuse);
  if (labels === null || annotations === null) return null;
  return {
    file,
    group,
    kind: alert !== null ? 'alert' : 'record',
    name: (alert ?? record)!,
    expr,
    for: scalarOf(node, 'for'),
    keepFiringFor: scalarOf(node, 'keep_firing_for'),
    labels,
    annotations,
    at: place(pairOf(node, alert !== null ? 'alert' : 'record')?.key as Node),
    places,
  };
}

/** `labels:`/`annotations:`: a mapping of strings (numbers and booleans are written as their text). */
function stringMap(
  node: YAMLMap,
  key: string,
  places: Record<string, SourceRange>,
  place: Place,
  refuse: Refuse,
): Record<string, string> | null {
  const value = node.get(key, true) as Node | undefined;
  if (value === undefined || (isScalar(value) && value.value === null)) return {};
  if (!isMap(value)) {
    refuse(
      place(value),
      RULES_IO_CODES.invalidRule,
      `\`${key}\` must be a mapping of names to strings: rule not imported`,
    );
    return null;
  }
  const out: Record<string, string> = {};
  for (const pair of value.items) {
    const name = isScalar(pair.key) ? String(pair.key.value) : null;
    const text = isScalar(pair.value) && pair.value.value !== null ? String(pair.value.value) : null;
    if (name === null || text === null) {
      refuse(
        place((pair.key ?? value) as Node),
        RULES_IO_CODES.invalidRule,
        `\`${key}\` must map names to strings: rule not imported`,
      );
      return null;
    }
    out[name] = text;
    places[`${key}.${name}`] = place(pair.key as Node);
  }
  return out;
}

function pairOf(map: YAMLMap, key: string): Pair | undefined {
  return map.items.find((p) => isScalar(p.key) && p.key.value === key);
}

/** A scalar field's text (a number or boolean as written), or null when absent, null or not a scalar. */
function scalarOf(map: YAMLMap, key: string): string | null {
  const value = map.get(key, true);
  if (!isScalar(value) || value.value === null) return null;
  return String(value.value);
}
