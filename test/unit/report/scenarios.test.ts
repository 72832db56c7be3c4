import { describe, expect, it } from 'vitest';
import { renderComment } from '../../../src/report/comment.js';
import { renderDriftIssue } from '../../../src/report/drift-issue.js';
import { commentMarker, driftMarker } from '../../../src/report/markers.js';
import { countRun } from '../../../src/report/run-counts.js';
import { renderSummary } from '../../../src/report/step-summary.js';
import { applyReport, DRIFT_LINKS, driftReport, LINKS, planReport, RUN_URL } from './scenarios.js';

/** The exact Markdown a reviewer reads, per scenario: a change to any of it shows in review. */
describe('what a reviewer reads', () => {
  const summary = (r: typeof planReport, links = LINKS) =>
    renderSummary(r, countRun(r), {
      links,
      planJsonPath: '/runner/temp/plan.json',
      findingsInChecksRun: true,
    });

  it('plan: a multi-line query as a diff block, a create with all its fields, a delete, findings, components', async () => {
    await expect(summary(planReport)).toMatchFileSnapshot('__snapshots__/scenarios/plan-summary.md');
    await expect(
      renderComment(planReport, countRun(planReport), commentMarker('gitops', ['.']), LINKS.sha, {
        links: LINKS,
        runUrl: RUN_URL,
      }),
    ).toMatchFileSnapshot('__snapshots__/scenarios/plan-comment.md');
  });

  it('apply results', async () => {
    await expect(summary(applyReport)).toMatchFileSnapshot('__snapshots__/scenarios/apply-summary.md');
  });

  it('drift: the summary and the issue', async () => {
    await expect(summary(driftReport, DRIFT_LINKS)).toMatchFileSnapshot(
      '__snapshots__/scenarios/drift-summary.md',
    );
    const issue = renderDriftIssue(driftReport, driftMarker(['.']), {
      paths: ['.'],
      sha: LINKS.sha,
      runUrl: RUN_URL,
      links: DRIFT_LINKS,
    });
    await expect(`# ${issue.title}\n\n${issue.body}\n`).toMatchFileSnapshot(
      '__snapshots__/scenarios/drift-issue.md',
    );
  });

  it('never names a path on the runner', () => {
    expect(summary(planReport)).not.toContain('/runner/temp');
  });
});
