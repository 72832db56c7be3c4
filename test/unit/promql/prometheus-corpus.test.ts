import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { checkQuery } from '../../../src/promql/check-query.js';
import type { QueryFinding } from '../../../src/promql/codes.js';

/**
 * The Prometheus project's own parser tests (test/fixtures/promql-corpus/prometheus.json, written by
 * scripts/port-promql-corpus.mjs): every query its parser accepts must give no error here, every query it
 * refuses must give an error of the same class, at the position Prometheus names. The service's own refusal
 * of a query whose result is a range vector or a string (`promql.result-type`) is not the parser's: it does
 * not count as a refusal here.
 */
interface Case {
  readonly source: string;
  readonly input: string;
  readonly accept: boolean;
  readonly error?: string;
  readonly from?: number;
  readonly to?: number;
}
interface Corpus {
  readonly commit: string;
  readonly cases: readonly Case[];
  readonly skipped: readonly { readonly input: string; readonly reason: string }[];
}

const corpus = JSON.parse(
  readFileSync(new URL('../../fixtures/promql-corpus/prometheus.json', import.meta.url), 'utf8'),
) as Corpus;

/** The code a refusal must carry, from the words of Prometheus's message. */
function expectedCode(message: string): string {
  if (message.startsWith('unknown function')) return 'promql.unknown-function';
  if (
    /^(unexpected|unclosed|bad number|error parsing number|unknown unit|not a valid duration|no expression|unterminated|escape sequence|unknown escape|illegal character|trailing commas|duration out of range|duration must be greater|division by zero|modulo by zero|error parsing regexp)/.test(
      message,
    )
  ) {
    return 'promql.syntax';
  }
  return 'promql.type';
}

/**
 * Refusals that are not at Prometheus's position or of its class, each with the reason. Keyed by the
 * input's first 30 characters; the test fails when one of them starts to agree (remove it then).
 */
const EXPLAINED: Readonly<Record<string, string>> = {
  '(1))':
    'Prometheus places "unexpected right parenthesis" just after the extra `)`; the finding here is on it',
  '(-{}-1-{}-1-{}-1-{}-1-{}-1-{}-':
    'the grammar stops reading at a nesting depth of about 950 (this query nests 20 000 deep): the finding is a syntax error there, Prometheus names the first `{}`',
};
const explained = (c: Case) => EXPLAINED[c.input.slice(0, 30)] !== undefined;

const parserError = (findings: readonly QueryFinding[]) =>
  findings.find((f) => f.severity === 'error' && f.code !== 'promql.result-type');

const results = corpus.cases.map((c) => ({ case: c, found: parserError(checkQuery(c.input)) }));
const show = (c: Case) => JSON.stringify(c.input.length > 80 ? `${c.input.slice(0, 80)}…` : c.input);

const falseErrors = results.filter((r) => r.case.accept && r.found);
const misses = results.filter((r) => !r.case.accept && !r.found);
const refusals = results.filter((r) => !r.case.accept && r.found);
const atPosition = refusals.filter((r) => r.found?.from === r.case.from);
const wrongClass = refusals.filter(
  (r) => r.found?.code !== expectedCode(r.case.error ?? '') && !explained(r.case),
);

describe(`Prometheus's parser tests (commit ${corpus.commit.slice(0, 12)})`, () => {
  test('the report', () => {
    const share = refusals.length === 0 ? 1 : atPosition.length / refusals.length;
    console.log(
      [
        `cases: ${corpus.cases.length} (${corpus.cases.filter((c) => !c.accept).length} refused by Prometheus)`,
        `skipped: ${corpus.skipped.length} (${corpus.skipped.map((s) => s.reason).join('; ')})`,
        `false errors: ${falseErrors.length}`,
        `misses: ${misses.length}`,
        `refusals at Prometheus's position: ${atPosition.length}/${refusals.length} (${(share * 100).toFixed(1)} %)`,
        `refusals of another class: ${wrongClass.length}`,
      ].join('\n'),
    );
    expect(corpus.cases.length).toBeGreaterThan(2000);
    expect(corpus.skipped.length).toBeLessThanOrEqual(2);
    expect(share).toBeGreaterThanOrEqual(0.95);
  });

  test('each explained disagreement still disagrees', () => {
    const disagreeing = refusals
      .filter((r) => r.found?.from !== r.case.from || r.found?.code !== expectedCode(r.case.error ?? ''))
      .map((r) => r.case.input.slice(0, 30));
    expect(new Set(disagreeing)).toEqual(new Set(Object.keys(EXPLAINED)));
  });

  test('no query Prometheus accepts gets an error', () => {
    expect(falseErrors.map((r) => `${show(r.case)}: ${r.found?.message}`)).toEqual([]);
  });

  test('every query Prometheus refuses gets an error', () => {
    expect(misses.map((r) => `${show(r.case)}: ${r.case.error}`)).toEqual([]);
  });

  test('each refusal has the class of Prometheus’s message', () => {
    expect(
      wrongClass.map((r) => `${show(r.case)}: ${r.found?.code} "${r.found?.message}" for "${r.case.error}"`),
    ).toEqual([]);
  });

  test('each refusal sits where Prometheus puts it', () => {
    const elsewhere = refusals.filter((r) => r.found?.from !== r.case.from && !explained(r.case));
    expect(
      elsewhere.map(
        (r) =>
          `${show(r.case)}: at ${r.found?.from}-${r.found?.to} "${r.found?.message}", Prometheus ${r.case.from}-${r.case.to} "${r.case.error}"`,
      ),
    ).toEqual([]);
  });
});
