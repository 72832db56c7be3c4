/**
 * The tamper table: a saved plan edited after `plan --out` is refused whole by `apply --plan`, before any
 * write, with the first difference named; the file as written applies, and a replay after the live state
 * moved is refused as `changed since the plan`. Each row runs twice (without and with --strict) against a
 * fresh sandbox over HTTP on 127.0.0.1, in a real git repository whose last commit removed a document (so
 * that the plan, made with prune, holds a delete). The table is printed after the run.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runApplyPlan } from '../../../src/commands/apply-plan.js';
import { runPlan } from '../../../src/commands/plan.js';
import { createGitReader } from '../../../src/git/git-reader.js';
import { type PlanFile, parsePlanFile, type SavedChange } from '../../../src/plan/plan-file.js';
import { exitCodeFor } from '../../../src/run/exit-code.js';
import { type Sandbox, startSandbox } from '../../../src/sandbox/index.js';
import { gitSync } from '../../helpers/git.js';
import { EXAMPLE_ROOT, type TestRun, testRun } from './run-context.js';

const ACME = '7f1b2c3d-0000-4000-8000-000000000001';
const API_5XX = 'a2a2a2a2-0000-4000-8000-000000000502';
const POD_RESTARTS = 'a2a2a2a2-0000-4000-8000-000000000503';
/** A rule the documents declare and the plan does not change. */
const P99 = 'a2a2a2a2-0000-4000-8000-000000000501';
/** Live rules that no document of the repository manages. */
const HEARTBEAT = 'a2a2a2a2-0000-4000-8000-000000000519';
const STAGING_CPU = 'a2a2a2a2-0000-4000-8000-000000000520';

let sandbox: Sandbox;
let repo: string;
let other: string;
const runs: TestRun[] = [];
const table: string[][] = [];

async function runIn(root: string, over: Partial<TestRun['ctx']> = {}): Promise<TestRun> {
  const git = createGitReader(root);
  const r = testRun(sandbox, { root, git, base: await git.parentOf('HEAD'), prune: true, ...over });
  runs.push(r);
  return r;
}

/** `plan --out` in `root` (made with prune against the parent commit, unless told); the file as written. */
async function planOf(root: string, over: Partial<TestRun['ctx']> = {}): Promise<PlanFile> {
  const file = join(root, 'plan.json');
  const report = await runPlan((await runIn(root, over)).ctx, { out: file });
  expect(report.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return parsePlanFile(readFileSync(file, 'utf8'));
}

/** A repository of the example's documents whose last commit removed the documents for `removedIds`. */
function repository(prefix: string, documents: string, removedIds: readonly string[]): string {
  const root = mkdtempSync(join(tmpdir(), prefix));
  mkdirSync(join(root, 'alerting'));
  cpSync(documents, join(root, 'alerting'), { recursive: true });
  gitSync(root, 'init', '-q', '-b', 'main');
  gitSync(root, 'add', '-A');
  gitSync(root, 'commit', '-q', '-m', 'base');
  for (const file of ['api.yaml', 'other.yaml']) {
    const path = join(root, 'alerting', file);
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      continue;
    }
    const kept = text.split(/^---\n/m).filter((doc) => !removedIds.some((id) => doc.includes(id)));
    writeFileSync(path, kept.join('---\n'));
  }
  gitSync(root, 'commit', '-q', '--allow-empty', '-am', 'remove');
  return root;
}

/** Another repository: its documents manage the two live rules this one does not manage. */
function otherRepository(): string {
  const documents = mkdtempSync(join(tmpdir(), 'tamper-other-docs-'));
  const rule = (id: string, cluster: string, name: string, threshold: number) =>
    [
      'kind: AlertRule',
      `id: ${id}`,
      `organization_id: ${ACME}`,
      `cluster_id: ${cluster}`,
      `name: ${name}`,
      `description: ${name} (another repository)`,
      'condition:',
      '  kind: CUSTOM',
      '  promql: vector(1)',
      '  operator: ABOVE',
      `  threshold: ${threshold}`,
      '  function: NONE',
      'for_duration: PT5M',
      'severity: LOW',
      'enabled: true',
      'alert_receiver_ids:',
      '  - 5e1ec7ed-0000-4000-8000-000000000201',
      '',
    ].join('\n');
  writeFileSync(
    join(documents, 'other.yaml'),
    [
      rule(HEARTBEAT, 'c1a5e7e0-0000-4000-8000-000000000101', 'worker-heartbeat-missing', 7),
      rule(STAGING_CPU, 'c1a5e7e0-0000-4000-8000-000000000102', 'staging-eu-cpu-saturation', 0.5),
    ].join('---\n'),
  );
  // Its last commit removed the staging rule's document: its plan with prune deletes that rule.
  const root = repository('tamper-other-', documents, [STAGING_CPU]);
  rmSync(documents, { recursive: true, force: true });
  return root;
}

beforeEach(async () => {
  sandbox = await startSandbox({ rateLimit: false });
  repo = repository('tamper-', join(EXAMPLE_ROOT, 'alerting'), [POD_RESTARTS]);
  other = otherRepository();
});
afterEach(async () => {
  await Promise.all(runs.splice(0).map((r) => r.close()));
  await sandbox.close();
  rmSync(repo, { recursive: true, force: true });
  rmSync(other, { recursive: true, force: true });
});
afterAll(() => {
  const header = ['tampering', 'expected', 'code: first words', 'writes (default / --strict)'];
  const rows = [header, ...table];
  const widths = header.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(
    ['', line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...table.map(line)].join('\n'),
  );
});

/** The file's alert rules' changes: the tamperings below are of rules (the example declares no receiver). */
const rulesOf = (plan: PlanFile) => plan.changes.flatMap((c) => (c.kind === 'AlertRule' ? [c] : []));
const updateOf = (plan: PlanFile, id: string) => {
  const change = rulesOf(plan).find((c) => c.action === 'update' && c.id === id);
  if (change?.action !== 'update') throw new Error(`the plan has no update of ${id}`);
  return change;
};
/** The first update of the file that is not the one of api-5xx-ratio. */
const otherUpdate = (plan: PlanFile) => {
  const change = rulesOf(plan).find((c) => c.action === 'update' && c.id !== API_5XX);
  if (change?.action !== 'update') throw new Error('the plan has another update');
  return change;
};
const deleteOf = (plan: PlanFile) => {
  const change = rulesOf(plan).find((c) => c.action === 'delete');
  if (change?.action !== 'delete') throw new Error('the plan has a delete');
  return change;
};
const firstCreate = (plan: PlanFile) => {
  const change = rulesOf(plan).find((c) => c.action === 'create');
  if (change?.action !== 'create') throw new Error('the plan has a create');
  return change;
};
const replaced = (plan: PlanFile, from: SavedChange, to: SavedChange): PlanFile => ({
  ...plan,
  changes: plan.changes.map((c) => (c === from ? to : c)),
});

interface Case {
  readonly tampering: string;
  /** The file as it is applied, from the file as written (and the sandbox, for a console edit). */
  readonly tamper: (plan: PlanFile) => PlanFile | Promise<PlanFile>;
  readonly code: string | null;
  /** What the refusal must say. */
  readonly says?: (plan: PlanFile) => string;
}

const API_5XX_AT = 'alerting/api.yaml:28';
const TAMPERINGS: readonly Case[] = [
  {
    tampering: 'threshold of an update',
    tamper: (plan) => {
      const u = updateOf(plan, API_5XX);
      return replaced(plan, u, {
        ...u,
        request: { ...u.request, condition: { ...u.request.condition, threshold: 0.92 } },
      });
    },
    code: 'apply.plan-differs',
    says: () =>
      `change 1 of the file, the update of alert rule "api-5xx-ratio" (${API_5XX}) (${API_5XX_AT}): ` +
      '`request.condition.threshold` is 0.92 in the file, the documents give 0.02',
  },
  {
    tampering: 'PromQL of a create',
    tamper: (plan) => {
      const c = firstCreate(plan);
      const condition = { ...c.request.condition, promql: 'vector(1)' } as typeof c.request.condition;
      return replaced(plan, c, { ...c, request: { ...c.request, condition } });
    },
    code: 'apply.plan-differs',
    says: (plan) =>
      `the create of alert rule "${firstCreate(plan).name}" (alerting/api.yaml:81): \`request.condition.promql\` ` +
      `is "vector(1)" in the file, the documents give ${JSON.stringify(
        (firstCreate(plan).request.condition as { promql: string }).promql,
      ).slice(0, 77)}`,
  },
  {
    tampering: '`enabled: false` in an update',
    tamper: (plan) => {
      const u = updateOf(plan, API_5XX);
      return replaced(plan, u, { ...u, request: { ...u.request, enabled: false } });
    },
    code: 'apply.plan-differs',
    says: () => '`request.enabled` is false in the file, the documents give true',
  },
  {
    tampering: 'an extra request field',
    tamper: (plan) => {
      const u = updateOf(plan, API_5XX);
      return replaced(plan, u, { ...u, request: { ...u.request, cluster_id: 'elsewhere' } as never });
    },
    code: 'apply.plan-differs',
    says: () => '`request.cluster_id` is "elsewhere" in the file, the documents give no such field',
  },
  {
    tampering: "id of an update pointed at another update's rule",
    tamper: (plan) => {
      const u = updateOf(plan, API_5XX);
      return replaced(plan, u, { ...u, id: otherUpdate(plan).id });
    },
    code: 'apply.plan-differs',
    says: (plan) =>
      `change 1 of the file, the update of alert rule "api-5xx-ratio" (${API_5XX}) (${API_5XX_AT}): ` +
      `\`id\` is "${otherUpdate(plan).id}" in the file, the documents give "${API_5XX}"`,
  },
  {
    tampering: 'id of an update pointed at a rule the plan does not change',
    tamper: (plan) => {
      const u = updateOf(plan, API_5XX);
      return replaced(plan, u, { ...u, id: P99 });
    },
    code: 'apply.plan-differs',
    says: () =>
      `change 1 of the file, the update of alert rule "api-5xx-ratio" (${API_5XX}) (${API_5XX_AT}): ` +
      `\`id\` is "${P99}" in the file, the documents give "${API_5XX}"`,
  },
  {
    tampering: 'id of an update pointed at a rule no document manages',
    tamper: (plan) => {
      const u = updateOf(plan, API_5XX);
      return replaced(plan, u, { ...u, id: HEARTBEAT });
    },
    code: 'apply.plan-differs',
    says: () => `\`id\` is "${HEARTBEAT}" in the file, the documents give "${API_5XX}"`,
  },
  {
    tampering: 'id of a delete pointed at another rule (prune)',
    tamper: (plan) => {
      const d = deleteOf(plan);
      return replaced(plan, d, { ...d, id: HEARTBEAT });
    },
    code: 'apply.plan-differs',
    says: (plan) =>
      `change ${plan.changes.indexOf(deleteOf(plan)) + 1} of the file, the delete of alert rule "api-pod-restarts" ` +
      `(${POD_RESTARTS}) (alerting/api.yaml:56): \`id\` is "${HEARTBEAT}" in the file, the documents give "${POD_RESTARTS}"`,
  },
  {
    tampering: 'name of an update',
    tamper: (plan) => {
      const u = updateOf(plan, API_5XX);
      return replaced(plan, u, { ...u, name: 'api-errors' });
    },
    code: 'apply.plan-differs',
    says: () => '`name` is "api-errors" in the file, the documents give "api-5xx-ratio"',
  },
  {
    tampering: 'organization of an update',
    tamper: (plan) => {
      const u = updateOf(plan, API_5XX);
      return replaced(plan, u, { ...u, organizationId: '7f1b2c3d-0000-4000-8000-000000000002' });
    },
    code: 'apply.plan-differs',
    says: () =>
      `\`organizationId\` is "7f1b2c3d-0000-4000-8000-000000000002" in the file, the documents give "${ACME}"`,
  },
  {
    tampering: 'cluster of an update',
    tamper: (plan) => {
      const u = updateOf(plan, API_5XX);
      return replaced(plan, u, { ...u, clusterId: 'c1a5e7e0-0000-4000-8000-000000000102' });
    },
    code: 'apply.plan-differs',
    says: () =>
      '`clusterId` is "c1a5e7e0-0000-4000-8000-000000000102" in the file, the documents give "c1a5e7e0-0000-4000-8000-000000000101"',
  },
  {
    tampering: 'an update turned into a delete of its rule',
    tamper: (plan) => {
      const { request: _r, ...u } = updateOf(plan, API_5XX);
      return replaced(plan, updateOf(plan, API_5XX), { ...u, action: 'delete' });
    },
    code: 'apply.plan-differs',
    says: () => '`action` is "delete" in the file, the documents give "update"',
  },
  {
    tampering: 'line of a delete (prune)',
    tamper: (plan) => {
      const d = deleteOf(plan);
      return replaced(plan, d, { ...d, line: 3 });
    },
    code: 'apply.plan-differs',
    says: () => '`line` is 3 in the file, the documents give 56',
  },
  {
    tampering: 'a duplicated create',
    tamper: (plan) => ({ ...plan, changes: [...plan.changes, firstCreate(plan)] }),
    code: 'apply.plan-differs',
    says: (plan) =>
      `change ${plan.changes.length + 1} of the file, the create of alert rule "${firstCreate(plan).name}" ` +
      '(alerting/api.yaml:81): the file holds it again, the documents give it once',
  },
  {
    tampering: 'dropped changes (the first two)',
    tamper: (plan) => ({ ...plan, changes: plan.changes.slice(2) }),
    code: 'apply.plan-differs',
    says: () =>
      `the documents give the update of alert rule "api-5xx-ratio" (${API_5XX}) (${API_5XX_AT}), which the file does not hold`,
  },
  {
    tampering: 'line pointing elsewhere',
    tamper: (plan) => {
      const u = updateOf(plan, API_5XX);
      return replaced(plan, u, { ...u, line: 3 });
    },
    code: 'apply.plan-differs',
    says: () => '`line` is 3 in the file, the documents give 28',
  },
  {
    tampering: 'file pointing elsewhere',
    tamper: (plan) => {
      const u = updateOf(plan, API_5XX);
      return replaced(plan, u, { ...u, file: 'alerting/web.yaml' });
    },
    code: 'apply.plan-differs',
    says: () => '`file` is "alerting/web.yaml" in the file, the documents give "alerting/api.yaml"',
  },
  {
    tampering: "an update spliced from another repository's plan",
    tamper: async (plan) => {
      const spliced = (await planOf(other)).changes.find((c) => c.action === 'update' && c.id === HEARTBEAT);
      if (!spliced) throw new Error('the other plan updates the heartbeat rule');
      return { ...plan, changes: [...plan.changes, spliced] };
    },
    code: 'apply.plan-differs',
    says: () =>
      `the update of alert rule "worker-heartbeat-missing" (${HEARTBEAT}): the documents give no such change`,
  },
  {
    tampering: "a delete spliced from another repository's plan (prune)",
    tamper: async (plan) => {
      const spliced = (await planOf(other)).changes.find((c) => c.action === 'delete');
      if (spliced?.action !== 'delete' || spliced.id !== STAGING_CPU) {
        throw new Error('the other plan deletes the staging rule');
      }
      return { ...plan, changes: [...plan.changes, spliced] };
    },
    code: 'apply.plan-differs',
    says: () =>
      `the delete of alert rule "staging-eu-cpu-saturation" (${STAGING_CPU}): the documents give no such change`,
  },
];

const CONTROLS: readonly Case[] = [
  { tampering: 'none (control: the file as written)', tamper: (plan) => plan, code: null },
  {
    tampering: 'none (control: replay after the live rule was edited in the console)',
    tamper: async (plan) => {
      const client = (await runIn(repo)).ctx.service();
      const live = await client.getAlertRule(API_5XX);
      await client.editAlertRule(API_5XX, { ...live, severity: 'LOW' });
      return plan;
    },
    code: 'apply.changed-since-plan',
    says: () => `"api-5xx-ratio" (${API_5XX}) is changed since the plan (fields \`severity\` changed`,
  },
];

/** Plans, tampers, applies; the report and the writes the sandbox recorded during the apply. */
async function applyTampered(c: Case, strict: boolean) {
  const plan = await planOf(repo);
  const file = join(repo, 'plan.json');
  writeFileSync(file, JSON.stringify(await c.tamper(plan), null, 2));
  sandbox.resetLog();
  const report = await runApplyPlan((await runIn(repo)).ctx, { planFile: file, strict });
  const writes = sandbox.requests.filter((r) => r.method !== 'GET');
  return { plan, report, writes };
}

describe('apply --plan of a tampered file: the tamper table', () => {
  it.each([...TAMPERINGS, ...CONTROLS].map((c) => [c.tampering, c] as const))('%s', async (_name, c) => {
    const counts: number[] = [];
    let row: string[] = [];
    for (const strict of [false, true]) {
      // A fresh sandbox and repository for the second mode: the first may have written.
      if (strict) {
        await Promise.all(runs.splice(0).map((r) => r.close()));
        await sandbox.close();
        sandbox = await startSandbox({ rateLimit: false });
      }
      const { plan, report, writes } = await applyTampered(c, strict);
      counts.push(writes.length);
      const errors = report.diagnostics.filter((d) => d.severity === 'error');
      if (c.code === null) {
        expect(errors).toEqual([]);
        expect(report.results.map((r) => [r.change.name, r.ok])).toEqual(
          plan.changes.map((s) => [s.name, true]),
        );
        expect(writes).toHaveLength(plan.changes.length);
        expect(writes.filter((w) => w.method === 'DELETE').map((w) => w.path)).toEqual([
          `/alert-rules/${POD_RESTARTS}`,
        ]);
        expect(exitCodeFor(report)).toBe(0);
        row = [c.tampering, 'applies: every change written', '-'];
        continue;
      }
      const refusal = errors.find((d) => d.code === c.code);
      expect(refusal?.message, JSON.stringify(errors, null, 1)).toContain(c.says!(plan));
      expect(exitCodeFor(report)).toBe(1);
      if (c.code === 'apply.plan-differs') {
        expect(errors.map((d) => d.code)).toEqual(['apply.plan-differs']);
        expect(writes).toEqual([]);
        expect(report.skipped).toEqual(['nothing was written: the plan file was refused']);
      } else {
        // As before this check: the moved change is not written; the others are, unless --strict.
        expect(writes.map((w) => w.path)).not.toContain(`/alert-rules/${API_5XX}`);
        expect(writes).toHaveLength(strict ? 0 : plan.changes.length - 1);
      }
      const firstWords = refusal!.message.match(/first difference: (.*?)(\)\. Nothing|$)/)?.[1];
      // Ids shortened as the code pages (docs/reference/codes/) show them, for a table that can be quoted.
      const shown = (firstWords ?? refusal!.message).replace(
        /\b([0-9a-f]{4})[0-9a-f]{4}-[0-9a-f-]{23}([0-9a-f]{4})\b/g,
        '$1…$2',
      );
      row = [
        c.tampering,
        c.code === 'apply.plan-differs'
          ? 'refused whole, nothing written'
          : 'that change refused (as before)',
        `${c.code}: ${shown.length > 180 ? `${shown.slice(0, 179)}…` : shown}`,
      ];
    }
    table.push([...row, `${counts[0]} / ${counts[1]}`]);
  });
});

describe('apply --plan: the base and prune of the file', () => {
  it('refuses a base the repository does not have, before any write', async () => {
    const plan = await planOf(repo);
    const file = join(repo, 'plan.json');
    writeFileSync(file, JSON.stringify({ ...plan, base: 'f'.repeat(40) }));
    sandbox.resetLog();
    const report = await runApplyPlan((await runIn(repo)).ctx, { planFile: file, strict: false });
    expect(report.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code)).toEqual([
      'history.base-unreadable',
    ]);
    expect(sandbox.requests).toEqual([]);
  });

  it("refuses a base off the history checked out: another branch's document makes no rule a removed one", async () => {
    // A side branch holds a document for a rule no document of main manages; planned against that
    // commit, the rule would count as removed (and be deleted, with prune).
    gitSync(repo, 'checkout', '-q', '-b', 'side', 'HEAD~1');
    writeFileSync(
      join(repo, 'alerting/side.yaml'),
      readFileSync(join(other, 'alerting/other.yaml'), 'utf8').split(/^---\n/m)[0]!,
    );
    gitSync(repo, 'add', '-A');
    gitSync(repo, 'commit', '-q', '-m', 'side');
    const side = gitSync(repo, 'rev-parse', 'HEAD');
    gitSync(repo, 'checkout', '-q', 'main');
    const plan = await planOf(repo, { base: side });
    expect(
      plan.changes.filter((c) => c.action === 'delete').map((c) => c.action === 'delete' && c.id),
    ).toEqual([POD_RESTARTS, HEARTBEAT]);
    const file = join(repo, 'plan.json');
    sandbox.resetLog();
    const report = await runApplyPlan((await runIn(repo)).ctx, { planFile: file, strict: false });
    expect(report.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.code, d.message])).toEqual([
      [
        'apply.plan-differs',
        `The plan file ${file} was refused: its base ${side} is not in the history checked out (not an ancestor of HEAD), and a plan deletes only the rules whose documents that history removed. Nothing was written: plan again ('plan --prune --base REV --out FILE') and apply that file.`,
      ],
    ]);
    expect(sandbox.requests).toEqual([]);
  });

  it('prune turned on in a file made without it: the delete the documents then give is not in the file', async () => {
    const plan = await planOf(repo, { prune: false });
    expect(plan.changes.filter((c) => c.action === 'delete')).toEqual([]);
    const file = join(repo, 'plan.json');
    writeFileSync(file, JSON.stringify({ ...plan, prune: true }));
    sandbox.resetLog();
    const report = await runApplyPlan((await runIn(repo)).ctx, { planFile: file, strict: false });
    expect(report.diagnostics.find((d) => d.code === 'apply.plan-differs')?.message).toContain(
      `the documents give the delete of alert rule "api-pod-restarts" (${POD_RESTARTS}) (alerting/api.yaml:56), which the file does not hold`,
    );
    expect(sandbox.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('prune turned off in a file that deletes: the documents give no delete', async () => {
    const plan = await planOf(repo);
    const file = join(repo, 'plan.json');
    writeFileSync(file, JSON.stringify({ ...plan, prune: false }));
    sandbox.resetLog();
    const report = await runApplyPlan((await runIn(repo)).ctx, { planFile: file, strict: false });
    expect(report.diagnostics.find((d) => d.code === 'apply.plan-differs')?.message).toContain(
      `the delete of alert rule "api-pod-restarts" (${POD_RESTARTS}): the documents give no such change`,
    );
    expect(sandbox.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('a change taken out and put back with a made-up fingerprint is refused on its document, never silently', async () => {
    const plan = await planOf(repo);
    const file = join(repo, 'plan.json');
    const u = updateOf(plan, API_5XX);
    const disguised = { ...u, against: { ...u.against, severity: '0'.repeat(16) } };
    writeFileSync(file, JSON.stringify(replaced(plan, u, disguised)));
    // --strict first: it writes nothing, so the second run sees the live rules as planned.
    for (const strict of [true, false]) {
      sandbox.resetLog();
      const report = await runApplyPlan((await runIn(repo)).ctx, { planFile: file, strict });
      const refused = report.diagnostics.filter((d) => d.severity === 'error');
      expect(refused.map((d) => [d.code, d.file, d.line])).toEqual([
        ['apply.changed-since-plan', 'alerting/api.yaml', 28],
      ]);
      const writes = sandbox.requests.filter((r) => r.method !== 'GET');
      expect(writes.map((w) => w.path)).not.toContain(`/alert-rules/${API_5XX}`);
      expect(writes).toHaveLength(strict ? 0 : plan.changes.length - 1);
      expect(exitCodeFor(report)).toBe(1);
    }
  });
});
