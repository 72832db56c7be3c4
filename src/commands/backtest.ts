/**
 * The backtest of a plan (docs/decisions/backtest.md): for each rule the plan creates or whose firing
 * fields it changes, at most `maxRules` of them, one range query of the rule as proposed and, for an
 * update, one of the rule as it is live (one query for both when only the threshold, the operator or
 * `for_duration` changed: the comparison is made here). Time-bounded. A failure of the metrics endpoint
 * makes that rule's backtest "unavailable" with the reason: never a finding, never a failure of the run.
 */
import { type BacktestCandidate, backtestCandidates } from '../backtest/candidates.js';
import { BACKTEST_CODES } from '../backtest/codes.js';
import { objectiveBacktests } from '../backtest/objective-backtest.js';
import { backtestOutcome } from '../backtest/outcome.js';
import { type RuleQuery, ruleQuery } from '../backtest/rule-query.js';
import { formatSpan, windowWords } from '../backtest/spans.js';
import { chooseStep } from '../backtest/step.js';
import type { BacktestOutcome, BacktestReport, MetricSeries, RuleBacktest } from '../backtest/types.js';
import { mapWithConcurrency } from '../core/concurrency.js';
import { type Deadline, deadlineOf } from '../core/deadline.js';
import { type Diagnostic, diagnostic } from '../core/diagnostic.js';
import { plural } from '../core/plural.js';
import type { Plan } from '../model/types.js';
import type { RunContext } from '../run/types.js';
import { parsePrometheusMatrix } from '../service/decode/prometheus-answer.js';
import type { ServiceClient } from '../service/types.js';
import { withBudgetBurned } from './objective-budget.js';

/** What the backtest asks of the service. */
export type MetricsClient = Pick<ServiceClient, 'getClusterMetrics'>;

export interface BacktestOptions {
  /** The window looked at, seconds (default 7 days). */
  readonly windowSeconds: number;
  /** Rules backtested per run at most (`backtest-max-rules`); the others are listed as not backtested. */
  readonly maxRules: number;
  /** The whole backtest's time, milliseconds: past it, the rules not done are "unavailable". */
  readonly timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 60_000;
/** Rules backtested at once (two queries each at most): a backtest must not crowd the plan's own requests. */
const CONCURRENCY = 2;

export interface BacktestRun {
  readonly report: BacktestReport;
  readonly diagnostics: readonly Diagnostic[];
}

export async function runBacktest(
  ctx: RunContext,
  client: MetricsClient,
  plan: Plan,
  options: BacktestOptions,
): Promise<BacktestRun> {
  // The window ends on a whole minute: the steps of every query fall on the same times.
  const end = Math.floor(ctx.clock.now() / 60_000) * 60;
  const start = end - options.windowSeconds;
  const selection = backtestCandidates(plan, options.maxRules);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const deadline = deadlineOf(timeoutMs, `no answer within ${formatSpan(timeoutMs / 1000)}`);
  try {
    const rules = await mapWithConcurrency(selection.candidates, CONCURRENCY, (candidate) =>
      backtestRule(client, candidate, { start, end }, deadline),
    );
    // An objective's rules share its cluster: the first one's is where its indicator is read.
    const objectives = await mapWithConcurrency(
      objectiveBacktests(rules, options.windowSeconds),
      CONCURRENCY,
      (objective) => {
        const clusterId = rules.find(
          (r) => r.objective?.objective === objective.name && r.file === objective.file,
        )!.clusterId;
        const window = { end, windowSeconds: options.windowSeconds, deadlineMs: deadline.left() };
        return withBudgetBurned(client, objective, clusterId, window);
      },
    );
    const report: BacktestReport = {
      windowSeconds: options.windowSeconds,
      start,
      end,
      rules,
      notBacktested: selection.notBacktested,
      ...(objectives.length > 0 ? { objectives } : {}),
    };
    if (rules.length > 0)
      ctx.progress(
        `backtested ${plural(rules.length, 'alert rule')} over ${windowWords(options.windowSeconds)}`,
      );
    return { report, diagnostics: rules.flatMap((rule) => findingsOf(rule, options.windowSeconds)) };
  } finally {
    deadline.clear();
  }
}

async function backtestRule(
  client: MetricsClient,
  candidate: BacktestCandidate,
  window: { readonly start: number; readonly end: number },
  deadline: Deadline,
): Promise<RuleBacktest> {
  const proposedQuery = ruleQuery(candidate.proposed);
  const liveQuery = candidate.live ? ruleQuery(candidate.live) : undefined;
  // One query serves both sides when only what is compared here differs.
  const shared =
    liveQuery !== undefined &&
    !('unavailable' in proposedQuery) &&
    !('unavailable' in liveQuery) &&
    proposedQuery.query === liveQuery.query;
  const forShared = shared ? Math.max(proposedQuery.forSeconds, liveQuery.forSeconds) : 0;
  const fetched = new Map<string, Promise<Answer>>();
  const outcome = async (query: RuleQuery | { unavailable: string }): Promise<BacktestOutcome> => {
    if ('unavailable' in query) return { status: 'unavailable', reason: query.unavailable };
    const forSeconds = shared ? forShared : query.forSeconds;
    let answer = fetched.get(query.query);
    if (answer === undefined) {
      answer = rangeQuery(client, candidate.clusterId, query.query, window, forSeconds, deadline);
      fetched.set(query.query, answer);
    }
    const got = await answer;
    if ('reason' in got) return { status: 'unavailable', reason: got.reason };
    return backtestOutcome(got.series, query, { ...window, stepSeconds: got.stepSeconds });
  };
  const [proposed, live] = await Promise.all([
    outcome(proposedQuery),
    liveQuery === undefined ? undefined : outcome(liveQuery),
  ]);
  const { name, file, line, action, clusterId, objective } = candidate;
  return {
    name,
    file,
    line,
    action,
    clusterId,
    proposed,
    ...(live ? { live } : {}),
    ...(objective ? { objective } : {}),
  };
}

type Answer =
  | { readonly series: readonly MetricSeries[]; readonly stepSeconds: number }
  | { readonly reason: string };

/**
 * One range query through the service: the window and, before it, the `for_duration` a series must
 * already have been active for to fire at the window's start.
 */
async function rangeQuery(
  client: MetricsClient,
  clusterId: string,
  query: string,
  window: { readonly start: number; readonly end: number },
  forSeconds: number,
  deadline: Deadline,
): Promise<Answer> {
  const stepSeconds = chooseStep(window.end - window.start + forSeconds);
  if (stepSeconds === null) return { reason: 'the window is too long for one range query' };
  const late = deadline.passed();
  if (late !== null) return { reason: late };
  const start = window.start - Math.ceil(forSeconds / stepSeconds) * stepSeconds;
  const request = client
    .getClusterMetrics(clusterId, {
      endpoint: 'api/v1/query_range',
      query,
      start: String(start),
      end: String(window.end),
      step: `${stepSeconds}s`,
      // The client gives up at the backtest's deadline too, retries included: nothing is left running.
      deadlineMs: deadline.left(),
    })
    .then(
      (answer): Answer => {
        const parsed = parsePrometheusMatrix(answer.metrics);
        return parsed.ok ? { series: parsed.series, stepSeconds } : { reason: parsed.reason };
      },
      (error: unknown): Answer => ({ reason: error instanceof Error ? error.message : String(error) }),
    );
  return Promise.race([request, deadline.expired.then((reason): Answer => ({ reason }))]);
}

/** The findings of a rule's figures as proposed: the live rule is what the change leaves behind. */
function findingsOf(rule: RuleBacktest, windowSeconds: number): Diagnostic[] {
  const outcome = rule.proposed;
  if (outcome.status !== 'done' || outcome.verdict === undefined) return [];
  const at = { line: rule.line, column: 1, endLine: rule.line, endColumn: 1 };
  const when = windowWords(windowSeconds);
  switch (outcome.verdict) {
    case 'mostly-firing': {
      const share = Math.round((outcome.figures.firingSeconds / windowSeconds) * 100);
      return [
        diagnostic(
          'warning',
          rule.file,
          at,
          BACKTEST_CODES.mostlyFiring,
          `alert rule "${rule.name}" would have fired ${share}% of ${when} (${formatSpan(outcome.figures.firingSeconds)}): ` +
            'an alert that is always on pages for nothing; check its threshold, operator and for_duration',
        ),
      ];
    }
    case 'never-fired':
      return [
        diagnostic(
          'warning',
          rule.file,
          at,
          BACKTEST_CODES.neverFired,
          `alert rule "${rule.name}" would never have fired in ${when}, on the data its query returned: ` +
            'check that its threshold and operator can be met',
        ),
      ];
    case 'no-series':
      return [
        diagnostic(
          'notice',
          rule.file,
          at,
          BACKTEST_CODES.noSeries,
          `the query of alert rule "${rule.name}" returned no series in ${when} on its cluster: the metric may not exist there`,
        ),
      ];
  }
}
