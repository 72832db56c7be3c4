import { describe, expect, it } from 'vitest';
import { parseFiles } from '../../../src/documents/parse.js';
import type { AlertRuleDocument } from '../../../src/documents/types.js';
import { LIVE_SERIES_CODES } from '../../../src/live-series/codes.js';
import { readCarried, readLastSeen, readNow } from '../../../src/live-series/live-answers.js';
import {
  batchesOf,
  carriedQuery,
  lastSeenQuery,
  MAX_NAMES_PER_BATCH,
  MAX_QUERY_PARAM,
  namesRegex,
  nowQuery,
  prefixOf,
} from '../../../src/live-series/live-queries.js';
import { rulesToCheck } from '../../../src/live-series/rules-to-check.js';
import { selectorFindings } from '../../../src/live-series/selector-findings.js';
import type { ClusterEvidence } from '../../../src/live-series/types.js';
import type { Plan } from '../../../src/model/types.js';
import { queryLocator } from '../../../src/promql/document-checks.js';
import { vectorSelectors } from '../../../src/promql/vector-selectors.js';
import { testChange } from '../../helpers/changes.js';
import { liveSeriesRule as rule } from '../../helpers/live-series-rule.js';

function documentsOf(text: string): AlertRuleDocument[] {
  const loaded = parseFiles([{ path: 'rules.yaml', bytes: new TextEncoder().encode(text) }]);
  return loaded.documents.filter((d): d is AlertRuleDocument => d.kind === 'AlertRule');
}

function planOf(documents: readonly AlertRuleDocument[]): Plan {
  return {
    organizations: ['o'],
    changes: documents.map((d) =>
      testChange('create', { name: d.value.name, file: d.file, line: d.range.line, clusterId: 'c1' }),
    ),
    diagnostics: [],
    unmanaged: [],
    ghosts: [],
    outdated: [],
  } as Plan;
}

const EVIDENCE: ClusterEvidence = {
  now: new Map([
    [
      'http_requests_total',
      [
        { env: 'production', code: '200' },
        { env: 'staging', code: '500' },
      ],
    ],
    ['up', [{ job: 'api' }]],
  ]),
  lastSeen: new Map([['node_cpu_seconds', 1_796_000_400]]),
  carried: new Map([
    ['up', ['instance', 'job']],
    ['http_requests_total', ['code', 'env', 'instance']],
  ]),
};

/** The findings of one rule's query against EVIDENCE, with where each is. */
function findingsOf(promql: string) {
  const documents = documentsOf(rule('r', promql));
  expect(documents).toHaveLength(1);
  const selection = rulesToCheck(planOf(documents), documents, 'changed', queryLocator);
  return selection.clusters.flatMap((c) =>
    c.selectors.flatMap((s) => selectorFindings(s, EVIDENCE, { asErrors: false, clusterName: 'prod-eu' })),
  );
}

describe('vectorSelectors', () => {
  it('reads the metric name, the matchers and their offsets', () => {
    const query = 'sum(rate(http_requests_total{env="prod", code=~"5.."}[5m])) > 0';
    const [selector] = vectorSelectors(query);
    expect(selector?.metric).toBe('http_requests_total');
    expect(selector?.matchers.map((m) => `${m.name}${m.op}${m.value}`)).toEqual(['env=prod', 'code=~5..']);
    expect(query.slice(selector!.from, selector!.to)).toBe('http_requests_total{env="prod", code=~"5.."}');
    expect(query.slice(selector!.matchers[0]!.from, selector!.matchers[0]!.to)).toBe('env="prod"');
    expect(selector?.exemption).toBeNull();
  });

  it('takes the name from __name__= or a quoted name, and none from a regex on it', () => {
    expect(vectorSelectors('{__name__="up", job="a"}')[0]?.metric).toBe('up');
    expect(vectorSelectors('{"my.metric", job="a"}')[0]?.metric).toBe('my.metric');
    expect(vectorSelectors('{__name__=~"up|down"}')[0]?.metric).toBeNull();
    expect(vectorSelectors('{job="a"}')[0]?.metric).toBeNull();
    // A `__name__` matcher is not a label of the metric: it is not checked as one.
    expect(vectorSelectors('up{__name__!~"down", job="a"}')[0]).toMatchObject({
      metric: 'up',
      matchers: [expect.objectContaining({ name: 'job' })],
    });
    expect(vectorSelectors('up{__name__!~"down"}')[0]?.matchers).toEqual([]);
  });

  it('exempts the alternatives of or, the right side of unless and the argument of absent()', () => {
    const exemptions = (query: string) => vectorSelectors(query).map((s) => `${s.metric}:${s.exemption}`);
    expect(exemptions('a or b')).toEqual(['a:or', 'b:or']);
    expect(exemptions('sum(x) or vector(0)')).toEqual(['x:or']);
    expect(exemptions('x unless y')).toEqual(['x:null', 'y:unless']);
    expect(exemptions('x unless on(job) (y > 1)')).toEqual(['x:null', 'y:unless']);
    expect(exemptions('absent(x{job="a"})')).toEqual(['x:absent']);
    expect(exemptions('absent_over_time(x[5m])')).toEqual(['x:absent']);
    expect(exemptions('x and y')).toEqual(['x:null', 'y:null']);
    expect(exemptions('x / y > 0')).toEqual(['x:null', 'y:null']);
  });
});

describe('the queries', () => {
  it('factors shared prefixes and matches exactly the names', () => {
    const names = [
      'node_cpu_seconds_total',
      'node_memory_MemAvailable_bytes',
      'node_memory_MemTotal_bytes',
      'up',
      'up_total',
      'a.b',
    ];
    const regex = namesRegex(names);
    expect(regex).toBe(
      '(?:a\\.b|node_(?:cpu_seconds_total|memory_Mem(?:Available_bytes|Total_bytes))|up(?:_total)?)',
    );
    const anchored = new RegExp(`^(?:${regex})$`);
    for (const name of names) expect(anchored.test(name)).toBe(true);
    for (const other of ['node_', 'up_', 'axb', 'node_memory_MemAvailable'])
      expect(anchored.test(other)).toBe(false);
  });

  it('writes the three queries', () => {
    expect(nowQuery(['up'], ['job', 'my.label'])).toBe(
      'count by (__name__, job, "my.label") ({__name__=~"up"})',
    );
    expect(lastSeenQuery(['up'])).toBe(
      'max by (live_series_metric) (max_over_time(timestamp(label_replace(count by (__name__) (last_over_time({__name__=~"up"}[1h])), "live_series_metric", "$1", "__name__", "(.+)"))[7d:1h]))',
    );
    expect(carriedQuery(['up'], ['node_'])).toBe('topk by (__name__) (1, {__name__=~"up|node_.+"})');
    expect(carriedQuery([], ['node_', 'a.b'])).toBe(
      'topk by (__name__) (1, {__name__=~"node_.+|a\\\\.b.+"})',
    );
    expect(prefixOf('node_cpu_seconds_total')).toBe('node_');
    expect(prefixOf('up')).toBe('up');
  });

  it('keeps 500 related names in one batch, and splits a larger set within the bounds', () => {
    const families = ['node', 'kube', 'container', 'http', 'process'];
    const names = Array.from(
      { length: 500 },
      (_, i) => `${families[i % 5]}_metric_${Math.floor(i / 5)}_total`,
    );
    expect(batchesOf(names, ['job', 'instance'])).toHaveLength(1);
    const many = Array.from(
      { length: 3000 },
      (_, i) => `exporter_${i}_some_long_metric_name_${i * 7919}_seconds`,
    );
    const batches = batchesOf(many, ['job']);
    expect(batches.length).toBeGreaterThan(1);
    expect(batches.flat().sort()).toEqual([...new Set(many)].sort());
    for (const batch of batches) {
      expect(batch.length).toBeLessThanOrEqual(MAX_NAMES_PER_BATCH);
      expect(encodeURIComponent(lastSeenQuery(batch)).length).toBeLessThanOrEqual(MAX_QUERY_PARAM);
      expect(encodeURIComponent(nowQuery(batch, ['job'])).length).toBeLessThanOrEqual(MAX_QUERY_PARAM);
    }
  });
});

describe('the answers', () => {
  it('reads rows by metric, last-seen times and carried label names', () => {
    expect(
      readNow([
        { metric: { __name__: 'up', job: 'a' }, values: [[1, 2]] },
        { metric: { job: 'x' }, values: [] },
      ]),
    ).toEqual(new Map([['up', [{ job: 'a' }]]]));
    expect(
      readLastSeen([
        { metric: { live_series_metric: 'up' }, values: [[10, 1_700_000_000]] },
        { metric: { other: 'x' }, values: [[10, 5]] },
        { metric: { live_series_metric: 'nan' }, values: [[10, Number.NaN]] },
      ]),
    ).toEqual(new Map([['up', 1_700_000_000]]));
    expect(readCarried([{ metric: { __name__: 'up', job: 'a', instance: 'i' }, values: [] }])).toEqual(
      new Map([['up', ['instance', 'job']]]),
    );
  });
});

describe('the findings, at the selector in the YAML', () => {
  // The query starts on line 10 at column 11 (`  promql: `).
  it('a metric gone since it was last seen', () => {
    const [finding, ...rest] = findingsOf('rate(node_cpu_seconds[5m]) > 1');
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({
      severity: 'warning',
      code: LIVE_SERIES_CODES.metricGone,
      file: 'rules.yaml',
      line: 10,
      column: 16,
      endColumn: 32,
    });
    expect(finding?.message).toContain('last seen in the hour up to 2026-11-30 01:00 UTC');
  });

  it('a metric never seen in 7 days, with the names near it', () => {
    const [finding] = findingsOf('sum(http_request_total) > 1');
    expect(finding).toMatchObject({
      code: LIVE_SERIES_CODES.metricUnknown,
      line: 10,
      column: 15,
      endColumn: 33,
    });
    expect(finding?.message).toContain(
      'has had no series on cluster "prod-eu" in the last 7 days; names that exist: `http_requests_total`',
    );
  });

  it('a label the metric does not carry, with those it does', () => {
    const [finding] = findingsOf('up{job="api", instance_name="x"} == 0');
    expect(finding).toMatchObject({
      code: LIVE_SERIES_CODES.labelUnknown,
      line: 10,
      column: 25,
      endColumn: 42,
    });
    expect(finding?.message).toContain('has the label `instance_name`; its labels: instance, job');
  });

  it('a label value no series has, with the values that exist, nearest first', () => {
    const [finding] = findingsOf('sum(rate(http_requests_total{env="prod"}[5m])) > 1');
    expect(finding).toMatchObject({
      code: LIVE_SERIES_CODES.valueUnknown,
      line: 10,
      column: 40,
      endColumn: 50,
    });
    expect(finding?.message).toContain('has env="prod"; values of `env`: production, staging');
  });

  it('matchers that match alone but not together', () => {
    const [finding] = findingsOf('sum(rate(http_requests_total{env="production", code="500"}[5m])) > 1');
    expect(finding).toMatchObject({
      code: LIVE_SERIES_CODES.noCombination,
      line: 10,
      column: 20,
      endColumn: 69,
    });
  });

  it('nothing for selectors that match, negative matchers of absent labels, and exempt forms', () => {
    expect(findingsOf('sum(rate(http_requests_total{env=~"prod.*", code!="404"}[5m])) > 1')).toEqual([]);
    expect(findingsOf('up{team!="x"} == 0')).toEqual([]);
    expect(findingsOf('missing_metric or up')).toEqual([]);
    expect(findingsOf('up unless missing_metric')).toEqual([]);
    expect(findingsOf('absent(missing_metric)')).toEqual([]);
  });

  it('errors when asked to, and the query start for a folded scalar', () => {
    const documents = documentsOf(rule('r', '>-\n    sum(missing_metric)\n    > 1'));
    const selection = rulesToCheck(planOf(documents), documents, 'changed', queryLocator);
    const [finding] = selection.clusters[0]!.selectors.flatMap((s) =>
      selectorFindings(s, EVIDENCE, { asErrors: true, clusterName: 'prod-eu' }),
    );
    expect(finding).toMatchObject({
      severity: 'error',
      code: LIVE_SERIES_CODES.metricUnknown,
      line: 11,
      column: 9,
    });
  });
});

describe('the rules checked', () => {
  it('takes created rules and updates of the query, every rule with all, and counts what it leaves out', () => {
    const documents = documentsOf(
      [rule('a', 'up == 0'), rule('b', 'x or y'), rule('c', `'{job="a"} == 0'`)].join('\n---\n'),
    );
    const [a, b, c] = documents as [AlertRuleDocument, AlertRuleDocument, AlertRuleDocument];
    const at = (d: AlertRuleDocument) => ({
      name: d.value.name,
      file: d.file,
      line: d.range.line,
      clusterId: 'c1',
    });
    const plan = {
      ...planOf([]),
      changes: [
        testChange('update', { ...at(a), diff: [{ path: 'severity', before: 'HIGH', after: 'LOW' }] }),
        testChange('update', {
          ...at(b),
          diff: [{ path: 'condition.promql', before: 'x', after: 'x or y' }],
        }),
        testChange('noop', at(c)),
        // Not checked: a rule being deleted, one whose cluster is not known, one whose document is not read.
        testChange('delete', { ...at(a), line: 999 }),
        { ...testChange('create', at(a)), clusterId: null },
        testChange('create', { ...at(a), file: 'other.yaml' }),
      ],
    } as unknown as Plan;
    const changed = rulesToCheck(plan, documents, 'changed', queryLocator);
    expect(changed).toMatchObject({ rules: 1, exempt: 2, nameless: 0 });
    const all = rulesToCheck(plan, documents, 'all', queryLocator);
    expect(all).toMatchObject({ rules: 3, exempt: 2, nameless: 1 });
    expect(all.clusters[0]?.selectors.map((s) => s.selector.metric)).toEqual(['up']);
  });
});
