import { describe, expect, it } from 'vitest';
import type { ComponentResult } from '../../../src/components/types.js';
import type { AlertRuleChange } from '../../../src/plan/types.js';
import { utf8Bytes } from '../../../src/report/markdown.js';
import { countRun } from '../../../src/report/outcome.js';
import { renderSummary, SUMMARY_LIMIT_BYTES } from '../../../src/report/summary.js';
import { change, finding, findings, plan, report, result } from './report-factory.js';

/** Structural checks that a cut never leaves broken Markdown behind. */
function expectBalanced(markdown: string): void {
  expect(markdown.match(/<details/g)?.length ?? 0).toBe(markdown.match(/<\/details>/g)?.length ?? 0);
  expect((markdown.match(/^```/gm)?.length ?? 0) % 2).toBe(0);
  for (const line of markdown.split('\n').filter((l) => l.startsWith('|')))
    expect(line.endsWith('|')).toBe(true);
}

describe('renderSummary', () => {
  it('never says "no changes" when the live rules could not be read', () => {
    const unreadPlan = { ...plan([]), unread: ['7f1b2c3d-0000-4000-8000-000000000002'] };
    const r = report({ plan: unreadPlan, diagnostics: [finding('error', '', 1)] });
    const markdown = renderSummary(r, countRun(r));
    expect(markdown).toContain(
      'Not planned: the live rules of `7f1b2c3d-0000-4000-8000-000000000002` could not be read',
    );
    expect(markdown).not.toContain('No changes');
  });

  it('shows the plan per rule with its action and changed fields, and what the run cost', () => {
    const r = report({ plan: plan([change(1), change(2, 'create'), change(3, 'noop')]) });
    const md = renderSummary(r, countRun(r), { planJsonPath: '/tmp/run.json' });
    expect(md).toContain('## platform-gitops plan');
    expect(md).toContain('**plan: 2 changes pending**');
    expect(md).toContain('### Plan (2 pending, 1 unchanged)');
    expect(md).toContain(
      '| ✏️ update | rule-1 | `alerting/rules-1.yaml:21` | `severity`: `LOW` → `HIGH`<br>`condition.threshold`: `0.5` → `0.9` |',
    );
    expect(md).toContain('| ➕ create | rule-2 |');
    expect(md).not.toContain('rule-3');
    expect(md).toContain('<details><summary>2 requests to the service; 1.2 s</summary>');
    expect(md).toContain('| `getAlertRules` | 1 |');
    expect(md).toContain('The whole run as JSON: `/tmp/run.json`');
    expectBalanced(md);
  });

  it('lists apply results, including failures and overwritten outside edits', () => {
    const failed = result(2, false);
    const overwrote = {
      ...result(1),
      change: {
        ...change(1),
        outsideEdit: [{ path: 'severity', before: 'LOW', after: 'HIGH' }],
      },
    };
    const r = report({ command: 'apply', plan: plan([change(1), change(2)]), results: [overwrote, failed] });
    const md = renderSummary(r, countRun(r));
    expect(md).toContain('**apply: 1 error, 1 applied, 1 failed**');
    expect(md).toContain('### Plan (2 changes, 0 unchanged; results below)');
    expect(md).toContain('| ❌ failed | ✏️ update | rule-2 |');
    expect(md).toContain('overwrote an edit made outside git: `severity`');
  });

  it('says what was skipped and why', () => {
    const r = report({
      command: 'validate',
      skipped: ['No api-token was given: only offline validation ran.'],
    });
    expect(renderSummary(r, countRun(r), { notes: ['Checks run not created.'] })).toContain(
      '> No api-token was given: only offline validation ran.\n>\n> Checks run not created.',
    );
  });

  it('stays under 1 MiB with 2,000 changes, 300 violations and huge messages, cut at a row and said so', () => {
    const huge = findings(300, 'error').map((d, i) => ({ ...d, message: `${'€'.repeat(5000)} ${i}` }));
    const r = report({ plan: plan(Array.from({ length: 2000 }, (_, i) => change(i))), diagnostics: huge });
    const md = renderSummary(r, countRun(r));
    expect(utf8Bytes(md)).toBeLessThanOrEqual(SUMMARY_LIMIT_BYTES);
    expect(md).toMatch(/> \*\*Cut to fit GitHub's size limit:\*\* \d+ findings left out\./);
    expectBalanced(md);
  });

  it('shows a new rule as its values on one line and a deletion in words, never `null →` per field', () => {
    const created: AlertRuleChange = {
      ...change(2, 'create'),
      diff: [
        { path: 'name', before: null, after: 'rule-2' },
        { path: 'description', before: null, after: 'p99 above 500 ms' },
        { path: 'condition.promql', before: null, after: 'up{app="api"} == 0' },
        { path: 'condition.operator', before: null, after: 'ABOVE' },
        { path: 'condition.threshold', before: null, after: 0.5 },
        { path: 'severity', before: null, after: 'HIGH' },
        { path: 'tag', before: null, after: '42' },
        { path: 'enabled', before: null, after: true },
        { path: 'cluster_id', before: null, after: 'c1a5e7e0-0000-4000-8000-000000000101' },
      ],
    };
    const deleted: AlertRuleChange = { ...change(3, 'delete'), diff: [] };
    const updated: AlertRuleChange = {
      ...change(4),
      diff: [{ path: 'tag', before: null, after: 'latency' }],
    };
    const r = report({ plan: plan([created, deleted, updated]) });
    const md = renderSummary(r, countRun(r));
    expect(md).toContain(
      '| ➕ create | rule-2 | `alerting/rules-2.yaml:41` | new rule: `severity`: `HIGH` · `condition`: `up{app="api"} == 0 ABOVE 0.5` · `description`: `p99 above 500 ms` · `tag`: `"42"` · `enabled`: `true` · and 1 more |',
    );
    expect(md).toContain('| 🗑️ delete | rule-3 | `alerting/rules-3.yaml:61` | the live rule is deleted');
    expect(md).toContain('| `tag`: *(none)* → `latency` |');
    expect(md).not.toContain('null');
  });

  it('counts in words that agree with the number', () => {
    const ref = { id: null, name: 'x', organizationId: 'o', clusterId: null, state: 'OK' };
    const one = report({
      plan: { ...plan([change(1, 'noop')]), ghosts: [ref], outdated: [ref], unmanaged: [ref] },
    });
    const md = renderSummary(one, countRun(one));
    expect(md).toContain('No changes: 1 alert rule matches its document.');
    expect(md).toContain(
      '1 live rule no document manages (left untouched); 1 ghost rule (in the alerting system only; cannot be managed); 1 rule with an outdated version deployed',
    );
    const two = report({
      command: 'drift',
      plan: { ...plan([change(1, 'noop'), change(2, 'noop')]), ghosts: [ref, ref] },
    });
    const drift = renderSummary(two, countRun(two));
    expect(drift).toContain('No drift: 2 alert rules match their documents.');
    expect(drift).toContain('2 ghost rules (');
    const drifted = report({ command: 'drift', plan: plan([change(1), change(2, 'noop')]) });
    expect(renderSummary(drifted, countRun(drifted))).toContain('### Drift (1 rule differs, 1 in sync)');
  });

  it('lists resolved and failed components, and the unchanged ones in one line', () => {
    const component = (key: string, status: ComponentResult['status']): ComponentResult => ({
      file: `components/${key}.yaml`,
      line: 7,
      organizationId: 'o',
      templateKey: 'aws-standard',
      templateVersion: '1.4.0',
      componentKey: key,
      clusterMode: 'QOVERY_MANAGED',
      cloudProvider: 'AWS',
      status,
      violations: status === 'resolved' ? 1 : 0,
      requirements:
        status === 'resolved'
          ? [{ key: 's3BucketName', label: 'S3', scope: 'CLUSTER', status: 'MISSING', sensitive: false }]
          : [],
      bindings: [],
      ...(status === 'failed' ? { reason: 'Catalog unavailable (HTTP 503).' } : {}),
    });
    const skipped = [
      ...Array.from({ length: 25 }, (_, i) => component(`c${i}`, 'skipped')),
      component('c3', 'skipped'),
      component('c3', 'skipped'),
    ];
    const r = report({
      components: [component('observability', 'resolved'), component('karpenter', 'failed'), ...skipped],
    });
    const md = renderSummary(r, countRun(r));
    expect(md).toContain(
      '| `observability` | `aws-standard@1.4.0` | `components/observability.yaml:7` | ✔️ resolved | 1 | `s3BucketName` (cluster input) |',
    );
    expect(md).toContain(
      '| `karpenter` | `aws-standard@1.4.0` | `components/karpenter.yaml:7` | ❌ failed<br>Catalog unavailable (HTTP 503). | — |  |',
    );
    expect(md).not.toContain('| `c0` |');
    expect(md).toContain(
      '27 components unchanged in this change and not tied to a changed one: not resolved (`c0`, `c1`, `c2`, `c3` ×3, `c4`,',
    );
    expect(md).toContain(', and 5 more).');
    const onlySkipped = report({ components: skipped.slice(0, 1) });
    expect(renderSummary(onlySkipped, countRun(onlySkipped))).toContain(
      '### Platform components\n\n1 component unchanged in this change and not tied to a changed one: not resolved (`c0`).',
    );
  });

  it('keeps the whole report when it fits', () => {
    const r = report({ diagnostics: [finding('warning', 'a.yaml', 3)] });
    expect(renderSummary(r, countRun(r))).not.toContain('Cut to fit');
  });
});
