/**
 * The live series check of a pull request through the bundled action, against the sandbox's seeded series
 * over real HTTP (fixtures/sandbox/metrics.yaml) and a fake GitHub: the rules of fixtures/live-series added
 * to the example give one finding of each kind, each an annotation on its selector and a row of the
 * comment; a failing metrics endpoint gives one notice and the run ends as with the check off.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { metricsFault } from '../../src/sandbox/index.js';
import { inRepository } from '../helpers/repository.js';
import {
  commitEdit,
  exampleRepository,
  pullRequestEvent,
  runAction,
  useActionWorld,
} from './action-runner.js';

const { sandbox, github, inputs } = useActionWorld('alerting');

/** A pull request adding the rules of fixtures/live-series to workers.yaml, with `extra` inputs. */
async function pullRequest(extra: Record<string, string> = {}) {
  const added = (
    await readFile(inRepository('fixtures', 'live-series', 'alerting', 'selectors.yaml'), 'utf8')
  )
    .split('\n')
    .filter((line) => !line.startsWith('#'))
    .join('\n');
  const { dir, first } = await exampleRepository();
  let text = '';
  const head = await commitEdit(dir, 'alerting/workers.yaml', (t) => {
    text = `${t.trimEnd()}\n---\n${added}`;
    return text;
  });
  const pr = github().addPullRequest();
  sandbox().resetLog();
  const run = await runAction({
    workspace: dir,
    eventName: 'pull_request',
    payload: pullRequestEvent(pr, first, head),
    inputs: { ...inputs(), backtest: 'false', ...extra },
  });
  const comment =
    github()
      .comments.filter((c) => c.issue_number === pr)
      .at(-1)?.body ?? '';
  return { run, comment, text, queries: sandbox().count('get-cluster-metrics') };
}

/** The rule's selector that each finding is about, as written in the file. */
const SELECTORS: readonly (readonly [string, string])[] = [
  ['live-series.metric-gone', 'legacy_queue_depth{queue="jobs"}'],
  ['live-series.metric-unknown', 'app_buld_info{app="shop"}'],
  ['live-series.label-unknown', 'region="eu"'],
  ['live-series.value-unknown', 'env="prod"'],
  ['live-series.no-combination', 'app_build_info{app="billing", env="staging"}'],
];

describe('live series on a pull request', () => {
  it('annotates each selector that matches nothing, says why in the comment, in a few queries', async () => {
    const { run, comment, text, queries } = await pullRequest();
    expect(run.stderr).toBe('');
    const lines = text.split('\n');
    for (const [code, selector] of SELECTORS) {
      const line = lines.findIndex((l) => l.includes(selector)) + 1;
      const column = lines[line - 1]!.indexOf(selector) + 1;
      // The Checks run carries the annotations of the pull request's findings (columns inclusive).
      expect(github().checkRuns.at(-1)!.output.annotations, code).toContainEqual(
        expect.objectContaining({
          path: 'alerting/workers.yaml',
          start_line: line,
          end_line: line,
          start_column: column,
          end_column: column + selector.length - 1,
          annotation_level: 'warning',
          message: expect.stringMatching(
            new RegExp(
              `\\[${code.replace('.', '\\.')}\\]\\nhttps://\\S+/docs/reference/codes/live-series\\.md#`,
            ),
          ),
        }),
      );
      expect(comment).toContain(`\`${code}\``);
    }
    expect(comment).toContain('values of `env`: production, staging');
    // The exempt `or vector(0)` rule is passed over.
    expect(run.annotations.some((a) => a.includes('shop-build-or-default'))).toBe(false);
    // The example's own new rules are checked too (its certificate metric is seeded nowhere): 2 clusters.
    expect(queries).toBeGreaterThan(0);
    expect(queries).toBeLessThanOrEqual(2 * 3);
  });

  it('makes the findings errors with live-series-errors, and is off with live-series: false', async () => {
    const errors = await pullRequest({ 'live-series-errors': 'true' });
    const levels = github()
      .checkRuns.at(-1)!
      .output.annotations.filter((a) => String(a.message).includes('[live-series.'))
      .map((a) => a.annotation_level);
    expect(levels).toEqual(Array(6).fill('failure'));
    expect(errors.run.outputs.errors).toBe('6');
    expect(errors.run.code).toBe(1);
    const off = await pullRequest({ 'live-series': 'false' });
    expect(off.queries).toBe(0);
    expect(off.comment).not.toContain('live-series.');
  });

  it('gives one notice when the metrics endpoint fails, and the run ends as with the check off', async () => {
    const off = await pullRequest({ 'live-series': 'false' });
    const offConclusion = github().checkRuns.at(-1)!.conclusion;
    sandbox().setFaults({ script: [metricsFault('server-error', 100)] });
    try {
      const { run } = await pullRequest();
      const notices = run.annotations.filter((a) => a.includes('live-series.'));
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatch(/^::notice.*live series unavailable: .*500/);
      expect(run.code).toBe(off.run.code);
      for (const output of ['command', 'changes', 'violations', 'errors', 'warnings', 'drift'] as const)
        expect(run.outputs[output], output).toBe(off.run.outputs[output]);
      expect(github().checkRuns.at(-1)!.conclusion).toBe(offConclusion);
    } finally {
      sandbox().setFaults({});
    }
  });
});
