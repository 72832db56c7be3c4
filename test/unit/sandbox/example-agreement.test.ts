import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { defaultSeedDir, liveRules, startSandbox } from '../../../src/sandbox/index.js';
import { loadSeedDirectory } from '../../../src/sandbox/seed/load-seed.js';

const ACME = '7f1b2c3d-0000-4000-8000-000000000001';
const EXAMPLE = join(import.meta.dirname, '..', '..', '..', 'fixtures', 'example', 'alerting');
const RECEIVERS: Record<string, string> = {
  'slack-oncall': '5e1ec7ed-0000-4000-8000-000000000201',
  'email-platform': '5e1ec7ed-0000-4000-8000-000000000202',
  'slack-low-priority': '5e1ec7ed-0000-4000-8000-000000000203',
};
const EDITABLE = [
  'name',
  'description',
  'tag',
  'condition',
  'for_duration',
  'severity',
  'enabled',
  'presentation',
];

type Seed = Awaited<ReturnType<typeof loadSeedDirectory>>;

/**
 * The ids a document's cluster and target name, through the seed's names (the example writes names) or as
 * written (the id forms): undefined where a name is no seeded one of the organization.
 */
function idsOf(
  doc: Record<string, unknown>,
  seed: Seed,
): { clusterId: string | undefined; target: { target_type: string; target_id: string | undefined } } {
  const cluster = (name: unknown) =>
    seed.clusters.find((c) => c.organization_id === ACME && c.name === name)?.id;
  const project = (name: string) => seed.projects.find((p) => p.organization_id === ACME && p.name === name);
  const environment = (path: string) => {
    const [projectName, environmentName] = path.split('/');
    const owner = project(projectName!);
    return seed.environments.find((e) => e.project_id === owner?.id && e.name === environmentName);
  };
  const written = doc.target as Record<string, string>;
  let targetId: string | undefined = written.target_id;
  if (written.service !== undefined) {
    const [projectName, environmentName, serviceName] = written.service.split('/');
    const where = environment(`${projectName}/${environmentName}`);
    targetId = seed.services.find((s) => s.environment_id === where?.id && s.name === serviceName)?.id;
  } else if (written.environment !== undefined) targetId = environment(written.environment)?.id;
  else if (written.cluster !== undefined) targetId = cluster(written.cluster);
  return {
    clusterId: doc.cluster !== undefined ? cluster(doc.cluster) : (doc.cluster_id as string),
    target: { target_type: written.target_type!, target_id: targetId },
  };
}

async function exampleRules(): Promise<Record<string, unknown>[]> {
  const rules: Record<string, unknown>[] = [];
  for (const name of (await readdir(EXAMPLE)).filter((n) => n.endsWith('.yaml')).sort()) {
    for (const doc of parseAllDocuments(await readFile(join(EXAMPLE, name), 'utf8'))) {
      const value = doc.toJS() as Record<string, unknown> | null;
      if (value?.kind === 'AlertRule') rules.push(value);
    }
  }
  return rules;
}

/**
 * The sandbox's live rules are derived from the example repository; this keeps the two in step, so that
 * a plan of the example against the sandbox shows exactly the planned mix of changes.
 */
describe('the seed agrees with the example repository', () => {
  it('holds every managed example rule, identical but for three planned differences; new rules are absent', async () => {
    const sandbox = await startSandbox({ rateLimit: false });
    const seed = await loadSeedDirectory(defaultSeedDir());
    try {
      const live = liveRules(sandbox.state, ACME).filter((r) => r.source === 'MANAGED');
      const differences: Record<string, string[]> = {};
      const absent: string[] = [];
      for (const doc of await exampleRules()) {
        const ids = idsOf(doc, seed);
        const match = live.find((r) =>
          doc.id ? r.id === doc.id : r.cluster_id === ids.clusterId && r.name === doc.name,
        );
        if (!match) {
          absent.push(doc.name as string);
          continue;
        }
        const desired: Record<string, unknown> = {
          ...doc,
          presentation: { summary: null, runbook_url: null, ...(doc.presentation as object) },
          alert_receiver_ids:
            (doc.alert_receiver_ids as string[] | undefined) ??
            (doc.alert_receivers as string[]).map((n) => RECEIVERS[n]),
        };
        const differing = [...EDITABLE, 'alert_receiver_ids'].filter(
          (field) => JSON.stringify(desired[field]) !== JSON.stringify(match[field]),
        );
        const target = ids.target;
        expect(match.target).toEqual({
          target_type: target.target_type === 'CLUSTER' ? ' CLUSTER' : target.target_type,
          target_id: target.target_id,
        });
        if (differing.length > 0) differences[doc.name as string] = differing;
      }
      expect(differences).toEqual({
        'api-5xx-ratio': ['condition'],
        'prod-eu-disk-pressure': ['for_duration'],
        'postgres-deadlocks': ['alert_receiver_ids'],
      });
      expect(absent.length).toBeGreaterThan(0);
      expect(live.filter((r) => r.is_up_to_date === false)).toHaveLength(1);
    } finally {
      await sandbox.close();
    }
  });

  it('names every cluster and target of the example: each name or id is a seeded one of the same kind', async () => {
    const seed = await loadSeedDirectory(defaultSeedDir());
    const kindOf = new Map<string, string>([
      ...seed.clusters.map((c) => [c.id, 'CLUSTER'] as const),
      ...seed.environments.map((e) => [e.id, 'ENVIRONMENT'] as const),
      ...seed.services.map((s) => [s.id, s.service_type] as const),
    ]);
    const unnamed: string[] = [];
    for (const doc of await exampleRules()) {
      const { clusterId, target } = idsOf(doc, seed);
      if (kindOf.get(clusterId ?? '') !== 'CLUSTER') unnamed.push(`${doc.name}: cluster`);
      if (kindOf.get(target.target_id ?? '') !== target.target_type) unnamed.push(`${doc.name}: target`);
    }
    expect(unnamed).toEqual([]);
  });
});
