/**
 * Distinct names for repeated alert names. Rule sets repeat an alert name for rules that differ by labels
 * and thresholds (kube-prometheus's KubeAPIErrorBudgetBurn four times); the service identifies a rule by
 * cluster and name, so each repeated name gets a suffix of the label values that tell the rules apart,
 * severity first, then the other labels by name: `KubeAPIErrorBudgetBurn-critical-1h-5m`. When labels
 * do not tell them apart (or the result is taken), `-2`, `-3`, … is added in the order of the files.
 */

export interface NamedRule {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
}

/**
 * One name per rule, in the order given; a rule whose name is not repeated keeps it. Linear in the rules:
 * each name's members are gathered once, and the search for a free `-N` resumes where the last one of the
 * same base stopped (names are only ever taken, so every number below it is still taken).
 */
export function distinctNames(rules: readonly NamedRule[]): string[] {
  const byName = new Map<string, number[]>();
  rules.forEach((rule, i) => {
    const members = byName.get(rule.name);
    if (members) members.push(i);
    else byName.set(rule.name, [i]);
  });
  const names = rules.map((rule) => rule.name);
  const taken = new Set(names.filter((name) => byName.get(name)!.length === 1));
  const nextNumber = new Map<string, number>();
  for (const [name, members] of byName) {
    if (members.length === 1) continue;
    const keys = differingLabels(members.map((i) => rules[i]!.labels));
    for (const i of members) {
      const parts = keys.map((key) => (rules[i]!.labels[key] ?? '').trim()).filter((v) => v !== '');
      const base = parts.length > 0 ? `${name}-${parts.join('-')}` : name;
      let candidate = base === name ? `${name}-1` : base;
      if (taken.has(candidate)) {
        let n = nextNumber.get(base) ?? 2;
        while (taken.has(`${base}-${n}`)) n++;
        candidate = `${base}-${n}`;
        nextNumber.set(base, n + 1);
      }
      taken.add(candidate);
      names[i] = candidate;
    }
  }
  return names;
}

/** Label names whose values are not the same on every rule (absent counts as a value): severity first. */
function differingLabels(labels: readonly Readonly<Record<string, string>>[]): string[] {
  const keys = [...new Set(labels.flatMap((l) => Object.keys(l)))];
  const differing = keys.filter((key) => new Set(labels.map((l) => l[key] ?? '')).size > 1);
  return differing.sort((a, b) => (a === 'severity' ? -1 : b === 'severity' ? 1 : a.localeCompare(b)));
}
