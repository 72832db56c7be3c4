/**
 * The live series findings in the pull request's comment, its summary and its annotations: made by the
 * check's core from the rules of fixtures/live-series and the answers a cluster gives, each on its file's
 * line and column. LIVE_SERIES_COMMENT_OUT=FILE writes the comment for a look at its rendering.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parseFiles } from '../../../src/documents/parse.js';
import type { AlertRuleDocument } from '../../../src/documents/types.js';
import { rulesToCheck } from '../../../src/live-series/rules-to-check.js';
import { selectorFindings } from '../../../src/live-series/selector-findings.js';
import type { ClusterEvidence } from '../../../src/live-series/types.js';
import { queryLocator } from '../../../src/promql/document-checks.js';
import { renderComment } from '../../../src/report/comment.js';
import { commentMarker } from '../../../src/report/markers.js';
import { countRun } from '../../../src/report/run-counts.js';
import { renderSummary } from '../../../src/report/step-summary.js';
import { formatWorkflowCommand } from '../../../src/report/workflow-commands.js';
import { testChange } from '../../helpers/changes.js';
import { inRepository } from '../../helpers/repository.js';
import { plan, report } from './report-factory.js';

const FILE = 'alerting/selectors.yaml';

/** What prod-eu answers about the metrics of the fixture's rules (fixtures/sandbox/metrics.yaml). */
const PROD_EU: ClusterEvidence = {
  now: new Map([
    [
      'app_build_info',
      [
        { app: 'shop', env: 'production' },
        { app: 'shop', env: 'staging' },
        { app: 'billing', env: 'production' },
      ],
    ],
  ]),
  lastSeen: new Map([['legacy_queue_depth', 1_796_536_800]]),
  carried: new Map([['app_build_info', ['app', 'env', 'version']]]),
};

async function liveReport() {
  const text = await readFile(inRepository('fixtures', 'live-series', FILE));
  const documents = parseFiles([{ path: FILE, bytes: text }]).documents as AlertRuleDocument[];
  const changes = documents.map((d) =>
    testChange('create', { name: d.value.name, file: d.file, line: d.range.line, clusterId: 'c1' }),
  );
  const selection = rulesToCheck(plan(changes), documents, 'changed', queryLocator);
  const diagnostics = selection.clusters.flatMap((c) =>
    c.selectors.flatMap((s) => selectorFindings(s, PROD_EU, { asErrors: false, clusterName: 'prod-eu' })),
  );
  return report({ plan: plan(changes), diagnostics });
}

describe('live series findings on the pull request', () => {
  it('are rows of the comment and the summary, and annotations at their selectors', async () => {
    const r = await liveReport();
    expect(r.diagnostics).toHaveLength(5);
    const body = renderComment(r, countRun(r), commentMarker('gitops', ['alerting']), 'b'.repeat(40));
    for (const text of [
      'the metric `legacy_queue_depth` has no series on cluster "prod-eu" now; it was last seen in the hour up to 2026-12-06 06:00 UTC',
      'names that exist: `app_build_info`',
      'has the label `region`; its labels: app, env, version',
      'values of `env`: production, staging',
      'but no series matches all of them together',
    ]) {
      expect(body).toContain(text);
    }
    expect(body).toContain('live-series.value-unknown');
    expect(renderSummary(r, countRun(r))).toContain('live-series.metric-gone');
    const annotations = r.diagnostics.map(formatWorkflowCommand).join('\n');
    expect(annotations).toContain(
      `::warning file=${FILE},line=74,col=45,endColumn=54,title=Label value not on the cluster::alert rule "shop-prod-missing"`,
    );
    if (process.env.LIVE_SERIES_COMMENT_OUT) await writeFile(process.env.LIVE_SERIES_COMMENT_OUT, body);
  });
});
