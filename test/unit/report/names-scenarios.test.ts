import { Marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { renderComment } from '../../../src/report/comment.js';
import { renderDriftIssue } from '../../../src/report/drift-issue.js';
import { commentMarker, driftMarker } from '../../../src/report/markers.js';
import { countRun } from '../../../src/report/run-counts.js';
import { renderSummary } from '../../../src/report/step-summary.js';
import {
  createdPagingNewReceiver,
  namedDriftReport,
  namedPlanReport,
  receiversUpdatedToNewReceiver,
} from './named-scenarios.js';
import { plan, report } from './report-factory.js';
import { LINKS, RUN_URL } from './scenarios.js';

/** The exact Markdown a reviewer reads when the plan knows the names of clusters, targets and receivers. */
describe('what a reviewer reads, by name', () => {
  const summary = renderSummary(namedPlanReport, countRun(namedPlanReport), {
    links: LINKS,
    findingsInChecksRun: true,
  });
  const comment = renderComment(
    namedPlanReport,
    countRun(namedPlanReport),
    commentMarker('gitops', ['.']),
    LINKS.sha,
    { links: LINKS, runUrl: RUN_URL },
  );
  const checks = renderSummary(namedPlanReport, countRun(namedPlanReport), {
    links: LINKS,
    heading: false,
    limitBytes: 65_000,
  });

  it('plan: a created rule, an update of its receivers, a delete and a changed target', async () => {
    await expect(summary).toMatchFileSnapshot('__snapshots__/scenarios/names-plan-summary.md');
    await expect(comment).toMatchFileSnapshot('__snapshots__/scenarios/names-plan-comment.md');
  });

  it.each([
    ['job summary', summary],
    ['comment', comment],
    ['Checks run', checks],
  ])('the %s names the target, the cluster and the receivers, each with its id', (_view, markdown) => {
    expect(markdown).toContain(
      '- `target`: **api** in shop/production · APPLICATION (`a1a1a1a1-0000-4000-8000-000000000301`)',
    );
    expect(markdown).toContain('- `cluster`: **prod-eu** (`c1a5e7e0-0000-4000-8000-000000000101`)');
    expect(markdown).toContain(
      '- `alert_receivers`: **slack-oncall** (`5e1ec7ed-0000-4000-8000-000000000201`), ' +
        '**email-platform** (`5e1ec7ed-0000-4000-8000-000000000202`)',
    );
    // The update: who is paged from now on and who no longer is, not a diff of two lists of ids.
    expect(markdown).toContain(
      [
        '- `alert_receivers`:',
        '  - added: **slack-oncall** (`5e1ec7ed-0000-4000-8000-000000000201`)',
        '  - removed: **email-platform** (`5e1ec7ed-0000-4000-8000-000000000202`)',
        '  - unchanged: **slack-low-priority** (`5e1ec7ed-0000-4000-8000-000000000203`)',
      ].join('\n'),
    );
    expect(markdown).not.toContain('`alert_receiver_ids`');
    expect(markdown).not.toContain('`target.target_id`');
    // The update and the delete say what their rule watches.
    expect(markdown).toContain(
      'Watches **worker** in shop/production · APPLICATION (`a1a1a1a1-0000-4000-8000-000000000302`) on cluster **prod-eu**',
    );
    expect(markdown).toContain(
      'Watches **api** in shop/production · APPLICATION (`a1a1a1a1-0000-4000-8000-000000000301`) on cluster **prod-eu**',
    );
  });

  it('renders the receivers of an update as a nested list, and each id as code, as GitHub reads it', () => {
    const html = new Marked({ gfm: true }).parse(comment, { async: false }) as string;
    expect(html).toContain(
      '<li><code>alert_receivers</code>:<ul>\n<li>added: <strong>slack-oncall</strong> (<code>5e1ec7ed-0000-4000-8000-000000000201</code>)</li>',
    );
    expect(html).toContain(
      '<li><code>target</code>: <strong>api</strong> in shop/production · APPLICATION (<code>a1a1a1a1-0000-4000-8000-000000000301</code>)</li>',
    );
  });

  it('shows a receiver this apply creates by its name, saying so, never an id it does not have', () => {
    const withPending = report({ plan: plan([createdPagingNewReceiver]) });
    const markdown = renderSummary(withPending, countRun(withPending), { links: LINKS });
    expect(markdown).toContain(
      '- `alert_receivers`: **slack-oncall** (`5e1ec7ed-0000-4000-8000-000000000201`), **slack-platform** (created by this apply)',
    );
    expect(markdown).not.toContain('new-receiver:');
    // Nor the reference it is awaited by, nor a missing id.
    expect(markdown).not.toMatch(/"kind"|\bnull\b|\bAlertReceiver\b/);
  });

  it('shows a receiver this apply creates, added by an update, by its name in the nested list', () => {
    const withPending = report({ plan: plan([receiversUpdatedToNewReceiver]) });
    const markdown = renderSummary(withPending, countRun(withPending), { links: LINKS });
    expect(markdown).toContain(
      '- `alert_receivers`:\n  - added: **slack-platform** (created by this apply)\n  - removed: **email-platform** (`5e1ec7ed-0000-4000-8000-000000000202`)\n  - unchanged: **slack-low-priority** (`5e1ec7ed-0000-4000-8000-000000000203`)',
    );
    expect(markdown).not.toMatch(/"kind"|\bnull\b|\bAlertReceiver\b/);
  });

  it('drift: the issue names them too', async () => {
    const issue = renderDriftIssue(namedDriftReport, driftMarker(['.']), {
      paths: ['.'],
      sha: LINKS.sha,
      runUrl: RUN_URL,
      links: LINKS,
    });
    expect(issue.body).toContain('  - added: **slack-oncall**');
    expect(issue.body).toContain('  - removed: **email-platform**');
    expect(issue.body).toContain('Watches **api** in shop/production');
    await expect(`# ${issue.title}\n\n${issue.body}\n`).toMatchFileSnapshot(
      '__snapshots__/scenarios/names-drift-issue.md',
    );
  });
});
