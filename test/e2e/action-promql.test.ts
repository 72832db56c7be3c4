/**
 * A pull request that breaks a query: the bundled action annotates it on the query's line and column, in
 * the Checks run (or, without one, in the workflow commands), titled in words with the code after the
 * message, and writes nothing.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  commitEdit,
  exampleRepository,
  pullRequestEvent,
  runAction,
  useActionWorld,
} from './action-runner.js';

const { sandbox, github, inputs, writes } = useActionWorld('alerting\ncomponents');

// The mistake sits on the third line of a literal block scalar: `rat(` is not a function.
const BROKEN_RULE = `kind: AlertRule
organization_id: 7f1b2c3d-0000-4000-8000-000000000001
cluster_id: c1a5e7e0-0000-4000-8000-000000000101
target: {target_type: APPLICATION, target_id: a1a1a1a1-0000-4000-8000-000000000301}
name: api-error-ratio
condition:
  kind: CUSTOM
  promql: |
    sum(rate(http_errors_total{app="api"}[5m]))
      /
    sum(rat(http_requests_total{app="api"}[5m]))
  operator: ABOVE
  threshold: 0.05
for_duration: PT5M
severity: HIGH
alert_receiver_ids: [5e1ec7ed-0000-4000-8000-000000000201]
`;

/** 1-based line and column of the first occurrence of `marker` in `text`. */
function positionOf(text: string, marker: string): { line: number; column: number } {
  const offset = text.indexOf(marker);
  expect(offset).toBeGreaterThanOrEqual(0);
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

describe('pull_request with a broken query', () => {
  it('annotates the query on its line, titled in words with the code after the message, and fails the check', async () => {
    const { dir, first } = await exampleRepository();
    const head = await commitEdit(dir, 'alerting/api.yaml', (t) => `${t}---\n${BROKEN_RULE}`);
    const text = await readFile(join(dir, 'alerting/api.yaml'), 'utf8');
    const at = positionOf(text, 'rat(http_requests_total');
    const pr = github().addPullRequest();
    sandbox().resetLog();

    const run = await runAction({
      workspace: dir,
      eventName: 'pull_request',
      payload: pullRequestEvent(pr, first, head),
      inputs: inputs(),
      githubUrl: github().url,
    });
    expect(run.stderr).toBe('');
    expect(run.code, run.stdout).toBe(1);
    // The Checks run carries the annotation: the step points at it rather than showing it twice.
    expect(run.stdout).toMatch(/annotated on (its line|their lines) by the Checks run/);
    expect(run.annotations.find((a) => a.includes('promql'))).toBeUndefined();

    const check = github().checkRuns.at(-1)!;
    expect(check.conclusion).toBe('failure');
    expect(check.output.annotations).toContainEqual(
      expect.objectContaining({
        path: 'alerting/api.yaml',
        start_line: at.line,
        end_line: at.line,
        start_column: at.column,
        end_column: at.column + 'rat'.length - 1,
        annotation_level: 'failure',
        title: 'Unknown function',
        message: expect.stringMatching(
          / \[promql\.unknown-function\]\nhttps:\/\/github\.com\/acme\/platform-gitops\/blob\/v1\/docs\/reference\/codes\/promql\.md#promqlunknown-function$/,
        ),
      }),
    );
    expect(writes()).toEqual([]);
    // The comment's findings table links the code to its page.
    const comment = github().comments.find((c) => c.issue_number === pr)!.body;
    expect(comment).toContain(
      '| [`promql.unknown-function`](https://github.com/acme/platform-gitops/blob/v1/docs/reference/codes/promql.md#promqlunknown-function) |',
    );

    // Without a Checks run (checks: false, or no permission), the workflow command carries it, exactly there.
    const plain = await runAction({
      workspace: dir,
      eventName: 'pull_request',
      payload: pullRequestEvent(pr, first, head),
      inputs: { ...inputs(), checks: 'false' },
      githubUrl: github().url,
    });
    expect(plain.code, plain.stdout).toBe(1);
    const annotation = plain.annotations.find((a) => a.includes('title=Unknown function'));
    expect(annotation, plain.annotations.join('\n')).toBe(
      `::error file=alerting/api.yaml,line=${at.line},col=${at.column},endColumn=${at.column + 'rat'.length - 1},title=Unknown function::unknown function \`rat\`: did you mean \`rate\`? [promql.unknown-function]%0Ahttps://github.com/acme/platform-gitops/blob/v1/docs/reference/codes/promql.md#promqlunknown-function`,
    );
    expect(writes()).toEqual([]);
  });
});
