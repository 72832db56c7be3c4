import { describe, expect, it } from 'vitest';
import type { WriteBack } from '../../../src/plan/drift-write-back.js';
import { renderDriftIssue } from '../../../src/report/drift-issue.js';
import { driftMarker } from '../../../src/report/markers.js';
import { change, plan, receiverUpdate, report, result } from './report-factory.js';

const MARKER = driftMarker(['alerting']);
const context = {
  paths: ['alerting'],
  sha: 'd'.repeat(40),
  runUrl: 'https://github.com/acme/gitops/actions/runs/9',
};
const drifted = (n: number) =>
  renderDriftIssue(
    report({ command: 'drift', plan: plan(Array.from({ length: n }, (_, i) => change(i))) }),
    MARKER,
    context,
  );

describe('renderDriftIssue', () => {
  it('carries the marker and the table of drifted rules', () => {
    const content = drifted(2);
    expect(content.drifted).toBe(true);
    expect(content.title).toBe('Alert rules drifted from the default branch (alerting)');
    // The title is right above the body: not said again as a heading.
    expect(content.body.startsWith(`${MARKER}\nThe drift check in [this run]`)).toBe(true);
    expect(content.body).toContain('found 2 alert rules whose live state differs');
    expect(content.body).toContain('[this run](https://github.com/acme/gitops/actions/runs/9)');
    expect(content.body).toContain('**✏️ update** rule-1 · `alerting/rules-1.yaml:21`');
    expect(drifted(0).drifted).toBe(false);
  });

  it("groups a service level objective's generated rules under a heading naming the objective", () => {
    const source = (pair: string, urgency: 'page' | 'ticket') => ({
      objective: 'api-availability',
      pair,
      urgency,
      budget: 0.001,
      windowSeconds: 30 * 86400,
      ratio: 'errors / total',
    });
    const generated = [
      { ...change(1), name: 'api-availability-1h-5m', objective: source('1h-5m', 'page') },
      { ...change(2), name: 'api-availability-1d-2h', objective: source('1d-2h', 'ticket') },
    ];
    const body = renderDriftIssue(
      report({ command: 'drift', plan: plan([change(0), ...generated]) }),
      MARKER,
      context,
    ).body;
    const heading = '##### Service level objective `api-availability`: 2 changes of its generated rules';
    expect(body.split(heading)).toHaveLength(2);
    // Under the issue's own heading, after the written rule, right above the objective's first rule.
    expect(body.indexOf('#### Drifted rules')).toBeLessThan(body.indexOf('rule-0'));
    expect(body.indexOf('rule-0')).toBeLessThan(body.indexOf(heading));
    expect(body).toContain(`${heading}\n\n**✏️ update** api-availability-1h-5m`);
    expect(body).toContain('Pages on a burn over 1h and 5m; generated from `api-availability`.');
  });

  it('counts a receiver edited outside git as a receiver, and says its secret cannot be compared', () => {
    const only = renderDriftIssue(
      report({ command: 'drift', plan: plan([receiverUpdate]) }),
      MARKER,
      context,
    );
    expect(only.drifted).toBe(true);
    expect(only.body).toContain('found 1 alert receiver whose live state differs');
    expect(only.body).toContain('cannot be compared');
    const both = renderDriftIssue(
      report({ command: 'drift', plan: plan([receiverUpdate, change(1)]) }),
      MARKER,
      context,
    );
    expect(both.body).toContain('found 1 alert rule and 1 alert receiver whose live state differs');
  });

  it('says how to remove the drift: the workflow dispatched with command apply, on its page or with gh', () => {
    const dispatch = {
      server: 'https://github.example',
      repository: 'acme/gitops',
      file: 'platform-gitops.yml',
      name: 'platform',
    };
    const body = renderDriftIssue(report({ command: 'drift', plan: plan([change(1)]) }), MARKER, {
      ...context,
      dispatch,
    }).body;
    expect(body).toContain(
      '**To remove the drift**, apply the default branch: run this workflow with its `command` input set to `apply` ' +
        '([Run workflow](https://github.example/acme/gitops/actions/workflows/platform-gitops.yml) on its Actions page), or',
    );
    expect(body).toContain(
      '```sh\ngh workflow run platform-gitops.yml --repo acme/gitops -f command=apply\n```',
    );
    expect(body).toContain('If a live change was meant, edit the documents to match it instead.');
    // `remediate` is the action's input, not the dispatch's: `-f remediate=true` would be refused.
    expect(body).toContain(
      "set the action's `remediate: true` input in its drift job (it is not an input of the dispatch)",
    );
    // Before the rules: a long list does not push it out of sight, and a size cut never drops it.
    expect(body.indexOf('To remove the drift')).toBeLessThan(body.indexOf('#### Drifted rules'));

    // Without the workflow's file (an older runner): its name, quoted for the shell, and no page link.
    const named = renderDriftIssue(report({ command: 'drift', plan: plan([change(1)]) }), MARKER, {
      ...context,
      dispatch: { ...dispatch, file: null, name: "Platform's drift" },
    }).body;
    expect(named).toContain(`gh workflow run 'Platform'\\''s drift' --repo acme/gitops -f command=apply`);
    expect(named).not.toContain('Run workflow]');
    // Nothing known of the workflow: still what to run, in words.
    expect(drifted(1).body).toContain(
      '**To remove the drift**, apply the default branch: run the workflow with its `command` input set to `apply`.',
    );
  });

  it('links the drift pull request, with the dispatch that updates it now', () => {
    const url = 'https://github.com/acme/gitops/pull/9';
    const dispatch = {
      server: 'https://github.com',
      repository: 'acme/gitops',
      file: 'platform.yml',
      name: 'platform',
    };
    const withDispatch = renderDriftIssue(report({ command: 'drift', plan: plan([change(1)]) }), MARKER, {
      ...context,
      pullRequest: url,
      dispatch,
    }).body;
    expect(withDispatch).toContain(
      `**To keep the live state instead**, review and merge [the drift pull request](${url}): it writes these edits into the documents. Every drift check updates it; to update it now, run this workflow with its \`command\` input set to \`drift\`:`,
    );
    expect(withDispatch).toContain('gh workflow run platform.yml --repo acme/gitops -f command=drift');
    expect(withDispatch.indexOf('To keep the live state')).toBeLessThan(
      withDispatch.indexOf('To remove the drift'),
    );
    const plain = renderDriftIssue(report({ command: 'drift', plan: plan([change(1)]) }), MARKER, {
      ...context,
      pullRequest: url,
    }).body;
    expect(plain).toContain('it writes these edits into the documents. Every drift check updates it.');
    expect(drifted(1).body).not.toContain('To keep the live state');
  });

  it('lists what the drift pull request adopts from outside git, and counts it as drift only while that pull request is open', () => {
    const url = 'https://github.com/acme/gitops/pull/9';
    const writeBack: WriteBack = {
      files: [{ path: 'alerting/adopted/prod-eu.yaml', text: 'kind: AlertRule\n' }],
      adopted: [
        {
          kind: 'AlertRule',
          name: 'made-here',
          file: 'alerting/adopted/prod-eu.yaml',
          change: null,
          id: 'n-1',
        },
        { kind: 'AlertReceiver', name: 'pager', file: 'alerting/receivers.yaml', change: null, id: 'v-1' },
      ],
      toDecide: [],
      notWritten: [],
    };
    const only = renderDriftIssue(report({ command: 'drift', plan: plan([]), writeBack }), MARKER, {
      ...context,
      pullRequest: url,
    });
    expect(only.drifted).toBe(true);
    expect(only.body).toContain(
      'found 1 alert rule and 1 alert receiver made outside git, which no document manages at commit',
    );
    expect(only.body).toContain(
      '#### Made outside git, adopted by the pull request\n\nNo document manages these: the drift pull request adds each to git as `export` writes it.',
    );
    expect(only.body).toContain('- alert rule `made-here` (`n-1`) → `alerting/adopted/prod-eu.yaml`');
    expect(only.body).toContain('- alert receiver `pager` (`v-1`) → `alerting/receivers.yaml`');
    expect(only.body).not.toContain('#### Drifted rules');
    const both = renderDriftIssue(report({ command: 'drift', plan: plan([change(1)]), writeBack }), MARKER, {
      ...context,
      pullRequest: url,
    });
    expect(both.body).toContain(
      'found 1 alert rule whose live state differs from the documents, and 1 alert rule and 1 alert receiver made outside git',
    );
    // No pull request adopts them (off, closed, or not posted): not drift, as before.
    const without = renderDriftIssue(
      report({ command: 'drift', plan: plan([]), writeBack }),
      MARKER,
      context,
    );
    expect(without.drifted).toBe(false);
    expect(without.body).not.toContain('Made outside git');
  });

  it('counts only what a remediation left drifted', () => {
    const [fixed1, failed2] = [result(1), result(2, false)];
    const partly = renderDriftIssue(
      report({
        command: 'drift',
        plan: plan([fixed1.change, failed2.change]),
        results: [fixed1, failed2],
      }),
      MARKER,
      context,
    );
    expect(partly.drifted).toBe(true);
    expect(partly.body).toContain('found 1 alert rule whose');
    expect(partly.body).not.toContain('rule-1 ·');
    const fixed = renderDriftIssue(
      report({ command: 'drift', plan: plan([fixed1.change]), results: [fixed1] }),
      MARKER,
      context,
    );
    expect(fixed.drifted).toBe(false);
    expect(fixed.closingComment).toMatch(/^The drift was removed by remediation at commit/);
  });

  it('stays under the comment size limit with thousands of drifted rules', () => {
    const body = drifted(3000).body;
    expect(body.length).toBeLessThan(65_536);
    expect(body).toMatch(/Cut to fit GitHub's size limit:\*\* \d+ changes left out/);
  });
});
