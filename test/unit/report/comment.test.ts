import { describe, expect, it } from 'vitest';
import { decodeReviewBlock } from '../../../src/plan/evidence/review.js';
import {
  COMMENT_LIMIT_CHARS,
  COMMENT_MAX_CHARS,
  REVIEW_NOT_STORED,
  renderComment,
  withReviewedPlan,
} from '../../../src/report/comment.js';
import { commentMarker, driftMarker } from '../../../src/report/markers.js';
import { countRun } from '../../../src/report/run-counts.js';
import { change, finding, findings, plan, report } from './report-factory.js';

const MARKER = commentMarker('gitops', ['alerting']);

describe('markers', () => {
  it('are one per workflow and path set for comments, one per path set for drift issues', () => {
    expect(commentMarker('gitops', ['a', 'b'])).toBe(commentMarker('gitops', ['b', 'a']));
    expect(commentMarker('gitops', ['a'])).not.toBe(commentMarker('other', ['a']));
    expect(commentMarker('gitops', ['a'])).not.toBe(commentMarker('gitops', ['b']));
    expect(driftMarker(['a', 'b'])).toBe(driftMarker(['b', 'a']));
    expect(driftMarker(['a'])).not.toBe(driftMarker(['b']));
    expect(driftMarker(['a'])).toMatch(/^<!-- platform-gitops:drift:v1:[0-9a-f]{16} -->$/);
    expect(MARKER).toMatch(/^<!-- platform-gitops:v1:[0-9a-f]{16} -->$/);
  });
});

describe('renderComment', () => {
  it('puts findings and changes in one collapsible section per file, open when it holds an error', () => {
    const r = report({
      plan: plan([change(1), change(5)]),
      diagnostics: [finding('error', 'alerting/rules-1.yaml', 4, 'bad threshold')],
    });
    const body = renderComment(r, countRun(r), MARKER, 'b'.repeat(40));
    expect(body.startsWith(`${MARKER}\n### platform-gitops plan`)).toBe(true);
    expect(body).toContain(
      '<details open><summary>❌ <code>alerting/rules-1.yaml</code>: 1 finding, 2 changes</summary>',
    );
    expect(body).toContain(
      '| ❌ error | [`test.error`](https://github.com/acme/platform-gitops/blob/v1/docs/reference/codes/test.md#testerror) | `line 4` | bad threshold |',
    );
    expect(body).toContain('(commit `bbbbbbb`)');
    // Inside a file's section the file is not repeated: the line is enough.
    expect(body).toContain(
      '**✏️ update** rule-1 · `line 21`\n\n- `severity`: `LOW` → `HIGH`\n- `condition.threshold`: `0.5` → `0.9`',
    );
    expect(body.match(/<details/g)).toHaveLength(body.match(/<\/details>/g)!.length);
  });

  it('puts findings about the run as a whole in their own section, without a line number', () => {
    const run = { ...finding('warning', '', 1, 'the `catalog` was slow'), file: '' };
    const r = report({ diagnostics: [run] });
    const body = renderComment(r, countRun(r), MARKER, 'b'.repeat(40));
    expect(body).toContain('<summary>the run: 1 finding</summary>');
    expect(body).toContain(
      '| ⚠️ warning | [`test.warning`](https://github.com/acme/platform-gitops/blob/v1/docs/reference/codes/test.md#testwarning) | — | the `catalog` was slow |',
    );
    const withFile = report({ diagnostics: [run, finding('error', 'b.yaml', 2)] });
    const both = renderComment(withFile, countRun(withFile), MARKER, 'b'.repeat(40));
    expect(both.indexOf('<code>b.yaml</code>')).toBeLessThan(both.indexOf('the run: 1 finding'));
  });

  it('is a short "no changes" when there is nothing to say', () => {
    const r = report({ plan: plan([change(1, 'noop')]) });
    expect(renderComment(r, countRun(r), MARKER, 'c'.repeat(40))).toBe(
      `${MARKER}\n### platform-gitops plan\n\nNo changes and no findings (commit \`ccccccc\`).`,
    );
  });

  it('never says "no changes" when no plan was made, and says why', () => {
    const r = report({
      command: 'validate',
      skipped: [
        'Pull request from a fork: only offline validation ran (no plan, no `component` resolution).',
      ],
    });
    expect(renderComment(r, countRun(r), MARKER, 'c'.repeat(40))).toBe(
      `${MARKER}\n### platform-gitops validate\n\nAll documents valid (commit \`ccccccc\`).\n\n` +
        '> Pull request from a fork: only offline validation ran (no plan, no `component` resolution).',
    );
  });

  it('says that changed components were checked when nothing else is to say', () => {
    const resolved = {
      file: 'components/karpenter.yaml',
      line: 7,
      organizationId: 'o',
      templateKey: 'aws-standard',
      templateVersion: '1.4.0',
      componentKey: 'karpenter',
      clusterMode: 'QOVERY_MANAGED',
      cloudProvider: 'AWS',
      status: 'resolved',
      violations: 0,
      requirements: [],
      bindings: [],
    } as const;
    const r = report({ components: [resolved, { ...resolved, status: 'skipped' }] });
    expect(renderComment(r, countRun(r), MARKER, 'c'.repeat(40))).toBe(
      `${MARKER}\n### platform-gitops plan\n\nNo changes and no findings (commit \`ccccccc\`). 1 component resolved without a violation.`,
    );
  });

  it('keeps to "no changes" when only notices were found', () => {
    const r = report({ plan: plan([change(1, 'noop')]), diagnostics: [finding('notice', 'a.yaml', 1)] });
    expect(renderComment(r, countRun(r), MARKER, 'c'.repeat(40))).toBe(
      `${MARKER}\n### platform-gitops plan\n\nNo changes; 1 notice in the job summary (commit \`ccccccc\`).`,
    );
  });

  it('stays under 65,536 characters, cut at a boundary that keeps the Markdown valid', () => {
    const r = report({
      plan: plan(Array.from({ length: 2000 }, (_, i) => change(i))),
      diagnostics: findings(300).map((d) => ({ ...d, message: 'm'.repeat(3000) })),
    });
    const body = renderComment(r, countRun(r), MARKER, 'b'.repeat(40));
    expect(body.length).toBeLessThan(65_536);
    expect(body.startsWith(MARKER)).toBe(true);
    expect(body.match(/<details/g)!.length).toBe(body.match(/<\/details>/g)!.length);
    expect(body).toMatch(
      /Cut to fit GitHub's size limit:\*\* .* left out\. The job summary, the Checks run and this step's `plan-json` output/,
    );
  });
});

describe('withReviewedPlan', () => {
  const HEAD = 'c'.repeat(40);
  const planned = report({ plan: plan([change(1), change(2)]), digest: 'd'.repeat(64) });

  it('appends the reviewed plan as a hidden last line that decodes to the plan', () => {
    const body = withReviewedPlan('comment', planned, HEAD);
    expect(body).toMatch(/^comment\n<!-- platform-gitops:reviewed v1 [A-Za-z0-9+/=]+ -->$/);
    const decoded = decodeReviewBlock(body);
    expect(decoded).toMatchObject({ plan: { head: HEAD, digest: 'd'.repeat(64) } });
    expect('plan' in decoded && decoded.plan.changes).toHaveLength(2);
  });

  it('leaves the block out when it would take the comment over GitHub limit, and says so', () => {
    // A comment rendered to its own limit, and a plan whose block does not fit in what is left.
    const full = 'x'.repeat(COMMENT_LIMIT_CHARS);
    const many = report({
      plan: plan(Array.from({ length: 20 }, (_, i) => change(i))),
      digest: 'd'.repeat(64),
    });
    const body = withReviewedPlan(full, many, HEAD);
    expect(body).toBe(`${full}\n\n${REVIEW_NOT_STORED}`);
    expect(body.length).toBeLessThanOrEqual(COMMENT_MAX_CHARS);
    expect(decodeReviewBlock(body)).toEqual({ why: expect.any(String) });
  });

  it('adds nothing to a comment of a run that made no plan', () => {
    expect(withReviewedPlan('comment', report({ command: 'validate', plan: null }), HEAD)).toBe('comment');
  });
});
