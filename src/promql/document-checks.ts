import type { Diagnostic, SourceRange } from '../core/diagnostic.js';
import { diagnostic } from '../core/diagnostic.js';
import { checkQuery } from './check-query.js';
import type { QueryFinding } from './codes.js';
import type { QueryDocument } from './query-document.js';
import { queryScalarRange } from './query-scalar.js';
import { mapScalar, type ScalarOffsets } from './scalar-map.js';

const QUERY_PATH = ['condition', 'promql'] as const;
const NO_COLUMN =
  ' (shown at the start of the query: the exact column is not known for this form of YAML scalar)';

/**
 * The PromQL findings of alert rules, each on the characters of the file it is about. A query is checked
 * once per operator however many rules share it (checkQuery is pure): repositories repeat a query across
 * clusters and environments.
 */
export function checkRuleQueries(rules: readonly QueryDocument[]): Diagnostic[] {
  const lineStarts = new Map<string, readonly number[]>();
  const checked = new Map<string | null | undefined, Map<string, QueryFinding[]>>();
  return rules.flatMap((rule) => {
    const condition = rule.value.condition;
    const byQuery = checked.get(condition.operator) ?? new Map<string, QueryFinding[]>();
    checked.set(condition.operator, byQuery);
    const findings =
      byQuery.get(condition.promql) ?? checkQuery(condition.promql, { operator: condition.operator });
    byQuery.set(condition.promql, findings);
    if (findings.length === 0) return [];
    const starts = lineStarts.get(rule.file) ?? lineStartsOf(rule.text);
    lineStarts.set(rule.file, starts);
    const place = placeOfQuery(rule, starts);
    return findings.map((finding) => toDiagnostic(rule.file, finding, place, starts));
  });
}

interface QueryPlace {
  /** The scalar's whole range, when no finer position is known. */
  readonly scalar: SourceRange;
  readonly offsets: ScalarOffsets | null;
}

function placeOfQuery(rule: QueryDocument, starts: readonly number[]): QueryPlace {
  const fromText = placeFromText(rule, starts);
  if (fromText) return fromText;
  const located = rule.locate(QUERY_PATH, 'value');
  const scalar = {
    line: located.line,
    column: located.column,
    endLine: located.endLine,
    endColumn: located.endColumn,
  };
  const start = offsetOf(starts, located.line, located.column);
  const end = offsetOf(starts, located.endLine, located.endColumn);
  const offsets = located.exact ? mapScalar(rule.text, start, end, rule.value.condition.promql) : null;
  return { scalar, offsets };
}

/** The place read from the text (query-scalar.ts), when the value rebuilt from it is the query. */
function placeFromText(rule: QueryDocument, starts: readonly number[]): QueryPlace | null {
  const condition = rule.locate(['condition'], 'key');
  if (!condition.exact) return null;
  const range = queryScalarRange(rule.text, starts, condition.line, condition.column);
  if (range === null) return null;
  const offsets = mapScalar(rule.text, range.start, range.end, rule.value.condition.promql);
  if (offsets === null) return null;
  const begin = positionOf(starts, range.start);
  const finish = positionOf(starts, range.end);
  return {
    scalar: { line: begin.line, column: begin.column, endLine: finish.line, endColumn: finish.column },
    offsets,
  };
}

function toDiagnostic(
  file: string,
  finding: QueryFinding,
  place: QueryPlace,
  starts: readonly number[],
): Diagnostic {
  const { range, exact } = rangeOf(place, starts, finding.from, finding.to);
  return diagnostic(
    finding.severity,
    file,
    range,
    finding.code,
    exact ? finding.message : finding.message + NO_COLUMN,
  );
}

/** Where characters of a query are in the file; not exact (the query's first character) for forms of scalar whose columns are not known. */
function rangeOf(
  place: QueryPlace,
  starts: readonly number[],
  from: number,
  to: number,
): { readonly range: SourceRange; readonly exact: boolean } {
  const { offsets, scalar } = place;
  if (offsets === null) {
    const start = {
      line: scalar.line,
      column: scalar.column,
      endLine: scalar.line,
      endColumn: scalar.column + 1,
    };
    return { range: start, exact: false };
  }
  const begin = positionOf(starts, offsets[from]!);
  const end = to > from ? offsets[to - 1]! + 1 : offsets[from]!;
  const finish = positionOf(starts, Math.max(offsets[from]!, end));
  const range = { line: begin.line, column: begin.column, endLine: finish.line, endColumn: finish.column };
  return { range, exact: true };
}

/**
 * The place in a rule's file of characters of its query (offsets of the query, end exclusive), for
 * findings made outside these checks (the live series check): the same mapping as the checks' own.
 */
export function queryLocator(
  rule: QueryDocument,
): (from: number, to: number) => { readonly range: SourceRange; readonly exact: boolean } {
  const starts = lineStartsOf(rule.text);
  const place = placeOfQuery(rule, starts);
  return (from, to) => rangeOf(place, starts, from, to);
}

/** Said after a message whose place is the query's start, not its characters. */
export const QUERY_START_ONLY = NO_COLUMN;

function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function offsetOf(starts: readonly number[], line: number, column: number): number {
  return (starts[line - 1] ?? 0) + column - 1;
}

/** 1-based line and column of an offset (UTF-16 code units, as the yaml library counts). */
function positionOf(starts: readonly number[], offset: number): { line: number; column: number } {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid]! <= offset) low = mid;
    else high = mid - 1;
  }
  return { line: low + 1, column: offset - starts[low]! + 1 };
}
