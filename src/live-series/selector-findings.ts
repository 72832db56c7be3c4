/**
 * What the cluster's answers mean for each selector (docs/decisions/live-series.md): the first reason it
 * matches nothing, said at its characters in the YAML, with what does exist. Pure. A selector whose metric
 * has series now and whose matchers each and together match some of them is fine; a matcher whose regular
 * expression JavaScript cannot read is taken to match (no finding rather than a wrong one).
 */

import { type Diagnostic, diagnostic } from '../core/diagnostic.js';
import { editDistance } from '../core/nearest-name.js';
import type { SelectorMatcher } from '../promql/vector-selectors.js';
import { LIVE_SERIES_CODES } from './codes.js';
import type { ClusterEvidence, LabelRow, SelectorUnderCheck } from './types.js';

export interface FindingOptions {
  /** `live-series-errors`: the findings are errors rather than warnings. */
  readonly asErrors: boolean;
  /** The cluster as findings name it. */
  readonly clusterName: string;
}

/** Most near names or values a finding lists. */
const MOST_LISTED = 5;

export function selectorFindings(
  checked: SelectorUnderCheck,
  evidence: ClusterEvidence,
  options: FindingOptions,
): Diagnostic[] {
  const { selector } = checked;
  const metric = selector.metric;
  const cluster = `cluster "${options.clusterName}"`;
  const finding = (from: number, to: number, code: string, message: string): Diagnostic => {
    const { range } = checked.locate(from, to);
    const severity = options.asErrors ? 'error' : 'warning';
    return diagnostic(severity, checked.file, range, code, `alert rule "${checked.rule}": ${message}`);
  };
  const rows = evidence.now.get(metric) ?? [];
  if (rows.length === 0) {
    const seen = evidence.lastSeen.get(metric);
    if (seen !== undefined) {
      return [
        finding(
          selector.from,
          selector.to,
          LIVE_SERIES_CODES.metricGone,
          `the metric \`${metric}\` has no series on ${cluster} now; it was last seen in the hour up to ${hourOf(seen)}: was it renamed or dropped since?`,
        ),
      ];
    }
    const known = [...new Set([...evidence.now.keys(), ...evidence.carried.keys()])].filter(
      (name) => name !== metric && (evidence.now.get(name)?.length ?? 1) > 0,
    );
    const near = nearest(metric, known);
    return [
      finding(
        selector.from,
        selector.to,
        LIVE_SERIES_CODES.metricUnknown,
        `the metric \`${metric}\` has had no series on ${cluster} in the last 7 days` +
          (near.length > 0 ? `; names that exist: ${near.map((n) => `\`${n}\``).join(', ')}` : ''),
      ),
    ];
  }
  const alone: Diagnostic[] = [];
  for (const matcher of selector.matchers) {
    const test = matcherTest(matcher);
    if (test === null || rows.some(test)) continue;
    const values = [...new Set(rows.map((row) => row[matcher.name] ?? '').filter((v) => v !== ''))];
    if (values.length === 0) {
      const carried = evidence.carried.get(metric);
      const names =
        carried === undefined ? '' : `; its labels: ${carried.length > 0 ? carried.join(', ') : 'none'}`;
      alone.push(
        finding(
          matcher.from,
          matcher.to,
          LIVE_SERIES_CODES.labelUnknown,
          `no series of \`${metric}\` on ${cluster} has the label \`${matcher.name}\`${names}`,
        ),
      );
    } else {
      const listed = nearest(matcher.value, values, values.length);
      alone.push(
        finding(
          matcher.from,
          matcher.to,
          LIVE_SERIES_CODES.valueUnknown,
          `no series of \`${metric}\` on ${cluster} has ${matcher.name}${matcher.op}${JSON.stringify(matcher.value)}; ` +
            `values of \`${matcher.name}\`: ${listed.slice(0, MOST_LISTED).join(', ')}${listed.length > MOST_LISTED ? `, … (${listed.length} in all)` : ''}`,
        ),
      );
    }
  }
  if (alone.length > 0) return alone;
  const tests = selector.matchers.map(matcherTest).filter((t): t is RowTest => t !== null);
  if (rows.some((row) => tests.every((test) => test(row)))) return [];
  return [
    finding(
      selector.from,
      selector.to,
      LIVE_SERIES_CODES.noCombination,
      `each matcher of this selector matches series of \`${metric}\` on ${cluster}, but no series matches all of them together`,
    ),
  ];
}

type RowTest = (row: LabelRow) => boolean;

/**
 * Whether a matcher needs its label on a series: it does not match the label's absence (the empty string).
 * `team!="x"` matches a series without `team`; `team="x"` does not. Unreadable here: not known, so no.
 */
export function needsLabel(matcher: SelectorMatcher): boolean {
  const test = matcherTest(matcher);
  return test !== null && !test({});
}

/** A matcher as Prometheus applies it (absent label = empty string, anchored regex), or null when unreadable here. */
function matcherTest(matcher: SelectorMatcher): RowTest | null {
  const value = (row: LabelRow) => row[matcher.name] ?? '';
  switch (matcher.op) {
    case '=':
      return (row) => value(row) === matcher.value;
    case '!=':
      return (row) => value(row) !== matcher.value;
    default: {
      let re: RegExp;
      try {
        re = new RegExp(`^(?:${matcher.value})$`, 'su');
      } catch {
        return null;
      }
      return matcher.op === '=~' ? (row) => re.test(value(row)) : (row) => !re.test(value(row));
    }
  }
}

/** The candidates closest to `written` first (edit distance, then name); only near ones unless `keep`. */
function nearest(written: string, candidates: readonly string[], keep = 0): string[] {
  const limit = Math.max(3, Math.floor(written.length / 2));
  const lower = written.toLowerCase();
  // A name or value that holds what was written, or is held by it (`prod`, `production`), is nearest.
  const distance = (name: string) =>
    name.toLowerCase().includes(lower) || lower.includes(name.toLowerCase())
      ? 0
      : editDistance(lower, name.toLowerCase());
  const ranked = candidates
    .map((name) => ({ name, distance: distance(name) }))
    .sort((a, b) => a.distance - b.distance || (a.name < b.name ? -1 : 1));
  const near = ranked.filter((r) => r.distance <= limit || ranked.indexOf(r) < keep);
  return near.slice(0, Math.max(MOST_LISTED, keep)).map((r) => r.name);
}

/** An hour as people read it in a review: `2026-12-05 14:00 UTC`. */
function hourOf(seconds: number): string {
  return `${new Date(seconds * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
