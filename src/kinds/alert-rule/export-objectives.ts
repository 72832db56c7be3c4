/**
 * `export`: the live rules a service level objective generated → that objective's document again, and
 * only then. A live rule is one of an objective's when its description opens with the mark its generation
 * writes; the objective is read back from the rules (objective, window, factors and pairs from the
 * descriptions, the indicator from the long window's query) and kept only when generating its rules again
 * gives the live rules field for field. Any difference (a rule edited in the console, a missing one), and
 * the rules are exported as the rules they are. `rule_ids` pins each rule by id.
 * docs/decisions/service-level-objectives.md.
 */
import {
  burnRates,
  GENERATED_MARK,
  ruleOf,
  WINDOW_PLACEHOLDER,
  WORKBOOK_BURN_RATES,
  windowSeconds,
} from '../../documents/objective-rules.js';
import type { BurnRateSpec, ServiceLevelObjectiveSpec, Urgency } from '../../documents/types.js';
import type { ManagedAlertRule } from '../../service/types.js';
import type { ExportedDocument } from './export-documents.js';
import { type ObjectiveRules, objectiveDocument } from './export-objective-document.js';
import type { ExportNameLists } from './export-references.js';

const DESCRIPTION = new RegExp(
  `^${GENERATED_MARK} "([^"]+)"(?: \\((.*)\\))?: ([0-9.]+)% over (\\S+); (pages|opens a ticket) when the error budget burns ([0-9.e-]+)× too fast over (\\S+) and (\\S+)\\.$`,
  's',
);

interface Generated {
  readonly rule: ManagedAlertRule;
  readonly objective: string;
  readonly about: string | undefined;
  readonly percent: number;
  readonly window: string;
  readonly urgency: Urgency;
  readonly rate: BurnRateSpec & { readonly factor: number };
}

export interface ObjectiveExport {
  /** The objectives read back, as documents. */
  readonly documents: readonly ExportedDocument[];
  /** The rules that stay rules: written ones, and generated ones whose objective could not be read back exactly. */
  readonly rules: readonly ManagedAlertRule[];
}

/** With `lists`, an objective's cluster, target and receivers are written by name where they allow. */
export function exportObjectives(
  rules: readonly ManagedAlertRule[],
  lists?: ExportNameLists,
): ObjectiveExport {
  const groups = new Map<string, Generated[]>();
  const rest: ManagedAlertRule[] = [];
  for (const rule of rules) {
    const generated = generatedOf(rule);
    if (generated === null) {
      rest.push(rule);
      continue;
    }
    const key = `${rule.organization_id}\u0000${rule.cluster_id}\u0000${generated.objective}`;
    groups.set(key, [...(groups.get(key) ?? []), generated]);
  }
  const documents: ExportedDocument[] = [];
  for (const found of groups.values()) {
    // The pairs in the workbook's order, shortest long window first, whatever order the service lists them in.
    const group = [...found].sort((a, b) => order(a) - order(b));
    const spec = objectiveOf(group);
    if (spec === null) rest.push(...group.map((g) => g.rule));
    else documents.push(objectiveDocument(spec, rulesOf(group), lists));
  }
  return { documents, rules: rest };
}

/** The rules whose fields the objective was read from: alerts() takes each urgency's first, or the first. */
function rulesOf(group: readonly Generated[]): ObjectiveRules {
  const first = (urgency: Urgency) => (group.find((g) => g.urgency === urgency) ?? group[0]!).rule;
  return { all: group.map((g) => g.rule), page: first('page'), ticket: first('ticket') };
}

function order(g: Generated): number {
  return (windowSeconds(g.rate.long) ?? 0) * 1e6 + (windowSeconds(g.rate.short) ?? 0);
}

function generatedOf(rule: ManagedAlertRule): Generated | null {
  const match = DESCRIPTION.exec(rule.description);
  if (match === null) return null;
  const [, objective, about, percent, window, does, factor, long, short] = match;
  return {
    rule,
    objective: objective!,
    about,
    percent: Number(percent),
    window: window!,
    urgency: does === 'pages' ? 'page' : 'ticket',
    rate: {
      long: long!,
      short: short!,
      urgency: does === 'pages' ? 'page' : 'ticket',
      factor: Number(factor),
    },
  };
}

/** The objective the rules were generated from, or null when generating it again would not give them. */
function objectiveOf(group: readonly Generated[]): ServiceLevelObjectiveSpec | null {
  const first = group[0]!;
  if (
    group.some((g) => g.percent !== first.percent || g.window !== first.window || g.about !== first.about)
  ) {
    return null;
  }
  const long = group.find((g) => g.rate.long === first.rate.long)!;
  const indicator = indicatorOf(long.rule.condition.promql, first.rate.long);
  if (indicator === null) return null;
  const alerts = (urgency: Urgency) => {
    const own = group.filter((g) => g.urgency === urgency);
    const pick = own[0] ?? first;
    return { alert_receiver_ids: [...pick.rule.alert_receiver_ids], severity: pick.rule.severity };
  };
  const rates = group.map((g) => g.rate);
  const workbook =
    first.window === '30d' &&
    rates.length === WORKBOOK_BURN_RATES.length &&
    WORKBOOK_BURN_RATES.every((w, i) => w.long === rates[i]!.long && w.short === rates[i]!.short);
  const presentation = first.rule.presentation;
  const base: ServiceLevelObjectiveSpec = {
    kind: 'ServiceLevelObjective',
    organization_id: first.rule.organization_id,
    cluster_id: first.rule.cluster_id,
    target: { target_type: first.rule.target.target_type, target_id: first.rule.target.target_id },
    name: first.objective,
    ...(first.about !== undefined ? { description: first.about } : {}),
    objective: first.percent,
    ...(first.window !== '30d' ? { window: first.window } : {}),
    indicator,
    alerts: { page: alerts('page'), ticket: alerts('ticket') },
    ...(workbook ? {} : { burn_rates: rates.map((r) => ({ ...r })) }),
    rule_ids: Object.fromEntries(group.map((g) => [`${g.rate.long}-${g.rate.short}`, g.rule.id])),
    ...(first.rule.enabled ? {} : { enabled: false }),
    // No summary first: the one the generation writes then follows the objective's edits.
    presentation: { summary: null, runbook_url: presentation.runbook_url ?? null },
  };
  if (sameRules(base, group)) return base;
  const summarized = {
    ...base,
    presentation: { ...base.presentation!, summary: presentation.summary ?? null },
  };
  return sameRules(summarized, group) ? summarized : null;
}

/** Generating the objective again gives each live rule, field for field, in the same order. */
function sameRules(spec: ServiceLevelObjectiveSpec, group: readonly Generated[]): boolean {
  const rates = burnRates(spec);
  if (rates.length !== group.length) return false;
  return rates.every((rate, i) => {
    const live = group[i]!.rule;
    const again = ruleOf(spec, rate);
    return (
      again.name === live.name &&
      again.description === live.description &&
      again.tag === live.tag &&
      JSON.stringify(again.condition) === JSON.stringify(live.condition) &&
      again.for_duration === live.for_duration &&
      again.severity === live.severity &&
      (again.enabled ?? true) === live.enabled &&
      JSON.stringify([...(again.alert_receiver_ids ?? [])].sort()) ===
        JSON.stringify([...live.alert_receiver_ids].sort()) &&
      (again.presentation?.summary ?? null) === (live.presentation.summary ?? null) &&
      (again.presentation?.runbook_url ?? null) === (live.presentation.runbook_url ?? null)
    );
  });
}

/**
 * The indicator from the long window's query `I[long] > L and I[short] > L`: `((E) / (T))` is read as
 * errors and total, anything else as a ratio; the long window's range becomes the placeholder.
 */
function indicatorOf(promql: string, long: string): ServiceLevelObjectiveSpec['indicator'] | null {
  const cut = promql.indexOf(' > ');
  if (cut === -1) return null;
  const over = promql.slice(0, cut).split(`[${long}]`).join(`[${WINDOW_PLACEHOLDER}]`);
  if (!over.startsWith('(') || !over.endsWith(')')) return null;
  const inner = over.slice(1, -1);
  const end = closing(inner, 0);
  if (
    inner.startsWith('(') &&
    end !== -1 &&
    inner.startsWith(') / (', end) &&
    closing(inner, end + 4) === inner.length - 1
  ) {
    return { errors: inner.slice(1, end), total: inner.slice(end + 5, -1) };
  }
  return { ratio: inner };
}

/** The index of the bracket closing the one at `open`, or -1. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return i;
  }
  return -1;
}
