import { join } from 'node:path';
import { DEFAULT_BACKTEST_MAX_RULES, DEFAULT_BACKTEST_WINDOW_SECONDS } from '../backtest/window.js';
import { runApply } from '../commands/apply.js';
import { runDrift } from '../commands/drift.js';
import { runPlan } from '../commands/plan.js';
import { runValidate } from '../commands/validate.js';
import { systemClock } from '../core/clock.js';
import { randomUuid } from '../core/crypto-on-demand.js';
import { packageFile } from '../core/package-files.js';
import { Redactor } from '../core/redact.js';
import { editFieldsOfLive } from '../kinds/alert-rule/normalize.js';
import { LIVE_SERIES_CODES } from '../live-series/codes.js';
import { exitCodeFor } from '../run/exit-code.js';
import type { RunReport } from '../run/reports.js';
import type { RunContext } from '../run/types.js';
import { shownSeed, startSandbox } from '../sandbox/index.js';
import { createServiceClient } from '../service/client.js';
import type { ServiceClient } from '../service/types.js';
import { renderReport } from './render.js';

/** The demo's last line when every step went as the README says (scripts/check-package.mjs looks for it). */
const DEMO_DONE =
  'Done: validated, planned, applied, found the edit made outside git as drift, backtested it, and removed it.';

/** The example repository, shipped in the package beside the code (never looked up in the cwd). */
export function exampleDir(): string {
  return packageFile(join('fixtures', 'example'));
}

/** Rules whose selectors match nothing on their cluster, each for another reason (the live series step). */
function liveSeriesDir(): string {
  return packageFile(join('fixtures', 'live-series'));
}

/** The live series step shows one finding of each kind. */
const LIVE_SERIES_KINDS = Object.values(LIVE_SERIES_CODES).filter(
  (code) => code !== LIVE_SERIES_CODES.unavailable,
);

interface Step {
  readonly title: string;
  /** Done before the step, as someone else would, and told in one line: the edit the drift check finds. */
  readonly before?: { readonly says: string; readonly act: () => Promise<void> };
  readonly run: () => Promise<RunReport>;
  /** What a healthy demo shows at this step. */
  readonly expect: (report: RunReport) => string | null;
}

/** The rule the demo edits "in the console" between the apply and the drift check, and how. */
const EDITED_RULE = {
  id: 'a2a2a2a2-0000-4000-8000-000000000502',
  name: 'api-5xx-ratio',
  threshold: 0.1,
} as const;

/** An edit made outside git, through the service's HTTP API as the console makes it: a threshold loosened. */
async function editOutsideGit(client: ServiceClient): Promise<void> {
  const live = await client.getAlertRule(EDITED_RULE.id);
  const edit = editFieldsOfLive(live);
  await client.editAlertRule(EDITED_RULE.id, {
    ...edit,
    condition: { ...edit.condition, threshold: EDITED_RULE.threshold },
  });
}

/**
 * The quick start: the whole flow on the example repository against an in-process sandbox, printing what a
 * user would see at each step. Exits 1 if any step does not behave as the README promises.
 */
export async function runDemo(options: { print: (text: string) => void; color: boolean }): Promise<number> {
  const sandbox = await startSandbox({ seed: await shownSeed() });
  // A client per step, as each command line run would have: the request counts are per command.
  let client = createServiceClient({ apiUrl: sandbox.url, token: sandbox.token });
  const redactor = new Redactor();
  redactor.add(sandbox.token);
  const ctx: RunContext = {
    root: exampleDir(),
    paths: ['.'],
    organizationId: sandbox.organizationId,
    service: () => client,
    git: null,
    base: null,
    head: null,
    prune: false,
    concurrency: 4,
    allComponents: true,
    clock: systemClock,
    // The example keeps its one sensitive value out of git (valueFrom); the demo plays the workflow that
    // passes it from a secret. A value of the caller's own is used as given.
    env: { GRAFANA_ADMIN_PASSWORD: `demo-${randomUuid()}`, ...process.env },
    redactor,
    progress: () => {},
  };
  const pending = (r: RunReport) => r.plan?.changes.filter((c) => c.action !== 'noop').length ?? 0;
  const steps: Step[] = [
    {
      title: 'validate .',
      run: () => runValidate(ctx),
      expect: (r) => (exitCodeFor(r) === 0 ? null : 'invalid'),
    },
    {
      title: 'plan .',
      run: () => runPlan(ctx),
      expect: (r) => (pending(r) > 0 ? null : 'the first plan should have changes'),
    },
    {
      title: 'apply .',
      run: () => runApply(ctx),
      expect: (r) => (exitCodeFor(r) === 0 && r.results.length > 0 ? null : 'the apply should succeed'),
    },
    {
      title: 'plan .   # again: nothing left to do',
      run: () => runPlan(ctx),
      expect: (r) => (pending(r) === 0 ? null : 'a plan right after apply must be empty'),
    },
    {
      title: 'drift .',
      before: {
        says: `Meanwhile someone raises the threshold of ${EDITED_RULE.name} to ${EDITED_RULE.threshold} in the console (PUT /alert-rules/${EDITED_RULE.id}).`,
        act: () => editOutsideGit(client),
      },
      run: () => runDrift(ctx, { remediate: false }),
      expect: (r) =>
        exitCodeFor(r) === 2 && pending(r) === 1 ? null : 'the drift check should find the one edit',
    },
    {
      title: "backtest .   # the documents' threshold against the live one, on the cluster's last 7 days",
      run: () =>
        runPlan(ctx, {
          backtest: { windowSeconds: DEFAULT_BACKTEST_WINDOW_SECONDS, maxRules: DEFAULT_BACKTEST_MAX_RULES },
        }),
      expect: (r) =>
        r.command === 'plan' &&
        r.backtest?.rules.some((rule) => rule.name === EDITED_RULE.name && rule.proposed.status === 'done')
          ? null
          : 'the backtest should show the edited rule',
    },
    {
      title:
        "plan --live alerting/   # another repository's new rules: does each selector match series on its cluster?",
      run: () => runPlan({ ...ctx, root: liveSeriesDir() }, { live: { scope: 'changed', asErrors: false } }),
      expect: (r) => {
        const codes = new Set(r.diagnostics.map((d) => d.code));
        return LIVE_SERIES_KINDS.every((code) => codes.has(code))
          ? null
          : 'the live series check should find one selector of each kind';
      },
    },
    {
      title: 'drift . --remediate',
      run: () => runDrift(ctx, { remediate: true }),
      expect: (r) =>
        exitCodeFor(r) === 0 && r.results.length === 1 ? null : 'remediate should write the edit away',
    },
    {
      title: 'drift .   # again: no drift left',
      run: () => runDrift(ctx, { remediate: false }),
      expect: (r) => (exitCodeFor(r) === 0 ? null : 'no drift right after remediation'),
    },
  ];
  const paint = (text: string) => (options.color ? `\u001b[1m${text}\u001b[22m` : text);
  options.print(
    `Sandbox of the service on ${sandbox.url} (organization ${sandbox.organizationId}); example repository ${ctx.root}\n`,
  );
  const problems: string[] = [];
  try {
    for (const step of steps) {
      await client.close();
      client = createServiceClient({ apiUrl: sandbox.url, token: sandbox.token });
      if (step.before) {
        options.print(`\n${step.before.says}\n`);
        await step.before.act();
        await client.close();
        client = createServiceClient({ apiUrl: sandbox.url, token: sandbox.token });
      }
      options.print(`\n${paint(`$ platform-gitops ${step.title}`)}\n`);
      const report = await step.run();
      options.print(renderReport(report, { format: 'text', color: options.color, redactor, policy: {} }));
      const problem = step.expect(report);
      if (problem) problems.push(`${step.title}: ${problem}`);
    }
  } finally {
    await client.close();
    await sandbox.close();
  }
  if (problems.length > 0) {
    options.print(`\nThe demo did not go as expected:\n  ${problems.join('\n  ')}\n`);
    return 1;
  }
  options.print(`\n${DEMO_DONE}\n`);
  return 0;
}
