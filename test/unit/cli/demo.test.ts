/**
 * `demo`, run in this process as the bundled command line runs it: each step says what the README promises,
 * in order, against the sandbox the demo starts for itself.
 */
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../../helpers/cli-in-process.js';

/** The outcome line (the last line that is not blank) printed under each `$ platform-gitops …` step. */
function outcomes(stdout: string): { step: string; outcome: string }[] {
  const parts = stdout.split(/^\$ platform-gitops /m).slice(1);
  return parts.map((part) => {
    const lines = part.split('\n');
    const body = lines.slice(1).filter((l) => l.trim() !== '' && !l.startsWith('Meanwhile '));
    const outcome = body.filter((l) => /^(Done|Nothing to do|Changes pending|Failed)\b/.test(l)).at(0);
    return { step: lines[0] ?? '', outcome: outcome ?? '' };
  });
}

describe('demo', () => {
  it('validates, plans, applies, finds the edit made outside git as drift and remediates it', async () => {
    const run = await runCliInProcess(['demo', '--no-color'], {});
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Sandbox of the service on http:\/\/127\.0\.0\.1:\d+ \(organization /);
    expect(outcomes(run.stdout)).toEqual([
      { step: 'validate .', outcome: 'Done: the documents are valid.' },
      { step: 'plan .', outcome: expect.stringMatching(/^Changes pending: \d+ changes to apply/) },
      { step: 'apply .', outcome: expect.stringMatching(/^Done: \d+ changes written/) },
      {
        step: 'plan .   # again: nothing left to do',
        outcome: expect.stringMatching(/^Nothing to do: the live state matches the documents/),
      },
      {
        step: 'drift .',
        outcome: expect.stringMatching(/^Changes pending: 1 live rule drifted from the documents/),
      },
      {
        step: "backtest .   # the documents' threshold against the live one, on the cluster's last 7 days",
        outcome: expect.stringMatching(/^Changes pending: 1 change to apply/),
      },
      {
        step: "plan --live alerting/   # another repository's new rules: does each selector match series on its cluster?",
        outcome: expect.stringMatching(/^Changes pending: 6 changes to apply \(6 warnings\)/),
      },
      {
        step: 'drift . --remediate',
        outcome: expect.stringMatching(/^Done: the drift was remediated, 1 change written/),
      },
      {
        step: 'drift .   # again: no drift left',
        outcome: expect.stringMatching(/^Nothing to do: the live state matches the documents/),
      },
    ]);
    // `demo --help` names every step the demo runs, in order: the help cannot leave one out.
    const help = (await runCliInProcess(['demo', '--help'], {})).stdout.replace(/\s+/g, ' ');
    let from = 0;
    for (const { step } of outcomes(run.stdout)) {
      const command = (step.split('#')[0] ?? '').replace(/ \.\s*/, ' ').trim();
      const at = help.indexOf(command, from);
      expect(at, `demo --help names '${command}' after the steps before it`).toBeGreaterThanOrEqual(0);
      from = at + command.split(' ')[0]!.length;
    }
    // The edit made "in the console" is told before the drift check, and it is what the check finds.
    const drift = run.stdout.slice(run.stdout.indexOf('$ platform-gitops drift .\n'));
    expect(run.stdout).toContain('Meanwhile someone raises the threshold of api-5xx-ratio to 0.1');
    expect(drift).toContain('condition.threshold: 0.1 → 0.02');
    // The backtest says how often the documents' threshold would have fired against the console's.
    expect(run.stdout).toMatch(
      /~ api-5xx-ratio \(alerting\/api\.yaml:28\): would have fired \d+ times? \([^)]+\) in the last 7 days — now: (never|\d+ times? \()/,
    );
    // The live series step: one finding of each kind, each at its selector, and the exempt `or` passed over.
    const live = run.stdout.slice(run.stdout.indexOf('$ platform-gitops plan --live'));
    for (const finding of [
      'alerting/selectors.yaml:14:16: warning: alert rule "queue-depth-high": the metric `legacy_queue_depth` has no series on cluster "prod-eu" now; it was last seen in the hour up to',
      'alerting/selectors.yaml:34:16: warning: alert rule "shop-build-missing": the metric `app_buld_info` has had no series on cluster "prod-eu" in the last 7 days; names that exist: `app_build_info` [live-series.metric-unknown]',
      'alerting/selectors.yaml:54:45: warning: alert rule "shop-region-missing": no series of `app_build_info` on cluster "prod-eu" has the label `region`; its labels: app, env, version [live-series.label-unknown]',
      'alerting/selectors.yaml:74:45: warning: alert rule "shop-prod-missing": no series of `app_build_info` on cluster "prod-eu" has env="prod"; values of `env`: production, staging [live-series.value-unknown]',
      'alerting/selectors.yaml:94:18: warning: alert rule "billing-staging-missing": each matcher of this selector matches series of `app_build_info` on cluster "prod-eu", but no series matches all of them together [live-series.no-combination]',
    ]) {
      expect(live).toContain(finding);
    }
    expect(live).not.toContain('shop-build-or-default":');
    expect(live).toMatch(/get-cluster-metrics 3\)/);
    // The seed's deliberately unknown field kind is for the tests: the demo's service describes it as a string.
    expect(run.stdout).not.toContain('unknown type "duration"');
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe(
      'Done: validated, planned, applied, found the edit made outside git as drift, backtested it, and removed it.',
    );
  });

  it('paints the step titles only when colour is asked for', async () => {
    const run = await runCliInProcess(['demo', '--color'], {});
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('\u001b[1m$ platform-gitops validate .\u001b[22m');
  });
});
