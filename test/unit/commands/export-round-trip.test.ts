/**
 * Every export round-trips: over generated live states (names holding `/`, quotes, colons, `#`, unicode,
 * surrounding spaces, names that read as numbers, booleans, null or uuids, names shared by two clusters,
 * projects, environments, services or receivers), `export` through the sandbox on loopback writes files that
 * `validate` accepts, and `plan` on them against the same live state shows no change: every name written
 * finds the same id again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runExport } from '../../../src/commands/export.js';
import { runPlan } from '../../../src/commands/plan.js';
import { runValidate } from '../../../src/commands/validate.js';
import { changesOfKind } from '../../../src/model/types.js';
import { startSandbox } from '../../../src/sandbox/index.js';
import type { SandboxSeed } from '../../../src/sandbox/types.js';
import { testRun } from './run-context.js';

const ORG = '7f1b2c3d-0000-4000-8000-00000000a001';
const TOKEN = 'qov_round_trip_token';
/** How many live states are generated: each is a sandbox, an export, a validate and a plan. */
const RUNS = 120;

/** Names that a YAML writer, a path of names or the match rule could get wrong. */
const AWKWARD = [
  'api',
  'API',
  ' api ',
  'shop/api',
  '/',
  'a/',
  '/b',
  'a / b',
  'key: value',
  'a:b',
  '# not a comment',
  'a #b',
  "it's",
  '"quoted"',
  "'single'",
  '\\back\\slash',
  'café',
  'Café',
  '日本語',
  '🚀 launch',
  'x\u00a0y',
  '123',
  '007',
  '1e3',
  '0x1F',
  '-1',
  '.5',
  'true',
  'False',
  'yes',
  'no',
  'on',
  'null',
  '~',
  '',
  '  ',
  '- item',
  '[list]',
  '{map}',
  '*alias',
  '&anchor',
  '!tag',
  '%directive',
  '@at',
  '`tick`',
  '|',
  '>',
  '? key',
  ',',
  'a,b',
  'c1a5e7e0-0000-4000-8000-000000000101',
  'C1A5E7E0-0000-4000-8000-000000000101',
  '2026-01-01',
  '12:30',
  'a  b',
  'tab\there',
  '---',
  '...',
] as const;

/** An awkward name, or a generated one with the characters that matter; the seed needs a non-empty name. */
const name = fc
  .oneof(
    // A few names often, so that two clusters, services or receivers share one (under the match rule too).
    { weight: 2, arbitrary: fc.constantFrom('api', 'API', ' api ', 'a/b', 'A/B') },
    { weight: 3, arbitrary: fc.constantFrom(...AWKWARD) },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.constantFrom('a', 'B', ' ', '/', ':', '#', '"', "'", 'é', '世', '-', '1', '.', '{', '\\'), {
          minLength: 1,
          maxLength: 8,
        })
        .map((chars) => chars.join('')),
    },
  )
  .filter((n) => n !== '');

/** Uuids in a block of their own per kind, so that kinds never share an id. */
function uuid(kind: number, n: number): string {
  return `${kind.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

const SERVICE_TYPES = [
  { service_type: 'APPLICATION' },
  { service_type: 'CONTAINER' },
  { service_type: 'JOB', job_type: 'CRON' },
  { service_type: 'JOB', job_type: 'LIFECYCLE' },
  { service_type: 'HELM' },
  { service_type: 'TERRAFORM' },
] as const;

interface World {
  readonly clusters: string[];
  readonly projects: {
    name: string;
    environments: { name: string; cluster: number; services: { name: string; type: number }[] }[];
  }[];
  readonly receivers: string[];
  readonly rules: { name: string; cluster: number; target: number; receivers: number[]; text: string }[];
}

const world: fc.Arbitrary<World> = fc
  .record({
    clusters: fc.array(name, { minLength: 1, maxLength: 3 }),
    projects: fc.array(
      fc.record({
        name,
        environments: fc.array(
          fc.record({
            name,
            cluster: fc.nat(),
            services: fc.array(fc.record({ name, type: fc.nat(SERVICE_TYPES.length - 1) }), {
              minLength: 1,
              maxLength: 3,
            }),
          }),
          { minLength: 1, maxLength: 2 },
        ),
      }),
      { minLength: 1, maxLength: 2 },
    ),
    receivers: fc.array(name, { minLength: 1, maxLength: 3 }),
    rules: fc.uniqueArray(
      fc.record({
        name: name.filter((n) => n.trim() !== ''),
        cluster: fc.nat(),
        target: fc.nat(),
        receivers: fc.array(fc.nat(), { minLength: 1, maxLength: 2 }),
        text: name,
      }),
      { minLength: 1, maxLength: 6, selector: (r) => r.name },
    ),
  })
  .map((w) => w as World);

/** The live state as a sandbox seed: every rule's target is a cluster, an environment or a service of it. */
function seedOf(w: World): SandboxSeed {
  const clusters = w.clusters.map((n, i) => ({
    id: uuid(0xc1, i),
    organization_id: ORG,
    name: n,
    cloud_provider: 'AWS',
  }));
  let environments = 0;
  let services = 0;
  const targets: { target_type: string; target_id: string }[] = clusters.map((c) => ({
    target_type: 'CLUSTER',
    target_id: c.id,
  }));
  const projects = w.projects.map((p, i) => ({
    id: uuid(0xb0, i),
    organization_id: ORG,
    name: p.name,
    environments: p.environments.map((e) => {
      const id = uuid(0xe0, environments++);
      targets.push({ target_type: 'ENVIRONMENT', target_id: id });
      return {
        id,
        name: e.name,
        mode: 'PRODUCTION',
        cluster_id: clusters[e.cluster % clusters.length]!.id,
        services: e.services.map((s) => {
          const type = SERVICE_TYPES[s.type]!;
          const serviceId = uuid(0xa1, services++);
          const targetType =
            type.service_type === 'JOB' ? (type.job_type === 'CRON' ? 'CRONJOB' : 'JOB') : type.service_type;
          targets.push({ target_type: targetType, target_id: serviceId });
          return { id: serviceId, name: s.name, ...type };
        }),
      };
    }),
  }));
  const receivers = w.receivers.map((n, i) => ({
    id: uuid(0x5e, i),
    organization_id: ORG,
    created_at: '2026-05-04T09:00:00Z',
    name: n,
    description: '',
    type: 'SLACK',
    send_resolved: true,
    owner: null,
    severity: null,
  }));
  const alertRules = w.rules.map((r, i) => ({
    id: uuid(0xa2, i),
    organization_id: ORG,
    cluster_id: clusters[r.cluster % clusters.length]!.id,
    target: targets[r.target % targets.length]!,
    name: r.name,
    description: r.text,
    tag: r.text,
    condition: {
      kind: 'CUSTOM',
      promql: 'rate(http_requests_total[5m])',
      operator: 'ABOVE',
      threshold: 0,
      function: 'NONE',
    },
    for_duration: 'PT5M',
    severity: 'HIGH',
    enabled: true,
    alert_receiver_ids: [...new Set(r.receivers.map((n) => receivers[n % receivers.length]!.id))],
    presentation: { summary: r.text, runbook_url: null },
    created_at: '2026-09-01T08:00:00Z',
  }));
  return {
    organizations: [{ id: ORG, name: 'round-trip' }],
    tokens: [{ token: TOKEN, organizations: [ORG] }],
    clusters,
    projects,
    alertReceivers: receivers,
    alertRules,
  };
}

/** The ids of the receivers whose documents validate would refuse: a blank name, or one another holds. */
function unwritableReceivers(w: World): string[] {
  return w.receivers
    .map((n, i) => ({ n, id: uuid(0x5e, i) }))
    .filter(({ n }) => n.trim() === '' || w.receivers.filter((other) => other === n).length > 1)
    .map(({ id }) => id)
    .sort();
}

/** Export, validate and plan one live state; the findings that break the round trip, as readable lines. */
async function roundTrip(w: World): Promise<void> {
  const sandbox = await startSandbox({ seed: seedOf(w), rateLimit: false });
  const out = mkdtempSync(join(tmpdir(), 'export-round-trip-'));
  const runs = [] as { close(): Promise<void> }[];
  const run = (over: Parameters<typeof testRun>[1]) => {
    const r = testRun(sandbox, { organizationId: ORG, ...over });
    runs.push(r);
    return r.ctx;
  };
  try {
    const exported = await runExport(run({ root: out }), { outDir: '.' });
    expect(exported.diagnostics.filter((d) => d.severity !== 'notice')).toEqual([]);
    // Every rule is written: none is left out as one validate would refuse.
    expect(exported.skipped.filter((line) => line.startsWith('alert rule'))).toEqual([]);

    const validated = await runValidate(run({ root: out, paths: ['.'] }));
    expect(validated.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);

    const planned = await runPlan(run({ root: out, paths: ['.'] }));
    expect(planned.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const changes = changesOfKind(planned.plan!.changes, 'AlertRule');
    expect(changes.map((c) => c.action)).toEqual(w.rules.map(() => 'noop'));
    expect(changesOfKind(planned.plan!.changes, 'AlertReceiver').filter((c) => c.action !== 'noop')).toEqual(
      [],
    );
    // A receiver validate would refuse (a blank name, a name two receivers hold) is left out and named:
    // the plan lists it as one no document manages, and the rules name it by id.
    // (With no receiver document at all, the plan has no receivers' part to list it in.)
    const refused = unwritableReceivers(w);
    const listed = refused.length < w.receivers.length ? refused : [];
    // Nothing else is unmanaged: no rule, and no receiver but those.
    expect(planned.plan!.unmanaged.map((u) => `${u.kind} ${u.id}`).sort()).toEqual(
      listed.map((id) => `AlertReceiver ${id}`).sort(),
    );
    expect(exported.skipped.filter((line) => /^alert receiver .* not exported: /.test(line)).length).toBe(
      refused.length,
    );
  } finally {
    await Promise.all(runs.map((r) => r.close()));
    await sandbox.close();
    rmSync(out, { recursive: true, force: true });
  }
}

describe('export round trip', () => {
  it(`writes files that validate and plan to no change, over ${RUNS} generated live states`, async () => {
    await fc.assert(fc.asyncProperty(world, roundTrip), {
      numRuns: RUNS,
      seed: Number(process.env.RT_SEED ?? 7),
    });
  }, 120_000);
});
