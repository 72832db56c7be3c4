/**
 * Bidirectional controls and invisible marks in names and values from the service (or a Prometheus rule
 * file) are written escaped in every YAML file the tool writes: `export --out`, `init --from-org`,
 * `import` and `export --format prometheus-rules`. A value holding one is double-quoted with `\u202E`
 * (YAML reads the same character back), a comment shows it as `\u202E`; no file holds one raw, and each
 * file parses to the values the service holds.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { putLiveReceiver, putLiveRule } from '../../../src/sandbox/index.js';
import { runCliInProcess } from '../../helpers/cli-in-process.js';
import { useSandbox } from '../../helpers/sandbox.js';

const ACME = '7f1b2c3d-0000-4000-8000-000000000001';
const PROD_EU = 'c1a5e7e0-0000-4000-8000-000000000101';
const RECEIVER = '5e1ec7ed-0000-4000-8000-000000000201';

/** Reads "api-latency" but is stored in another order; and marks that show nothing. */
const RULE_NAME = 'api-\u202eycnetal\u202c-p99';
const DESCRIPTION = 'pages \u2066@oncall\u2069 \u200fnow\u061c';
const RECEIVER_NAME = 'pager\u2067-eu\u2069';
const SOLO_RECEIVER_NAME = 'oncall\u202E-eu';
const RAW = /[\u00ad\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/;

const sandbox = useSandbox({ rateLimit: false });
let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'export-unseen-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

function seedHostileNames(): void {
  putLiveRule(sandbox().state, {
    id: 'a2a2a2a2-0000-4000-8000-000000000961',
    organization_id: ACME,
    cluster_id: PROD_EU,
    target: { target_type: 'CLUSTER', target_id: PROD_EU },
    name: RULE_NAME,
    description: DESCRIPTION,
    tag: '',
    condition: { kind: 'CUSTOM', promql: 'max(node_load1) > 10', operator: 'ABOVE', threshold: 0 },
    for_duration: 'PT5M',
    severity: 'LOW',
    enabled: true,
    alert_receiver_ids: [RECEIVER],
    created_at: '2026-11-01T00:00:00Z',
  });
  // Two receivers of one name: a rule naming one is written by id, with a comment that quotes the name.
  for (const id of ['5e1ec7ed-0000-4000-8000-00000000a961', '5e1ec7ed-0000-4000-8000-00000000a962']) {
    putLiveReceiver(sandbox().state, { id, organization_id: ACME, name: RECEIVER_NAME, type: 'SLACK' });
  }
  // Their shared name cannot be a document (validate refuses two of one name): one of its own name is written.
  putLiveReceiver(sandbox().state, {
    id: '5e1ec7ed-0000-4000-8000-00000000a963',
    organization_id: ACME,
    name: SOLO_RECEIVER_NAME,
    type: 'SLACK',
  });
  putLiveRule(sandbox().state, {
    id: 'a2a2a2a2-0000-4000-8000-000000000962',
    organization_id: ACME,
    cluster_id: PROD_EU,
    target: { target_type: 'CLUSTER', target_id: PROD_EU },
    name: 'shared-receiver-rule',
    description: '',
    tag: '',
    condition: { kind: 'CUSTOM', promql: 'max(node_load1) > 20', operator: 'ABOVE', threshold: 0 },
    for_duration: 'PT5M',
    severity: 'LOW',
    enabled: true,
    alert_receiver_ids: ['5e1ec7ed-0000-4000-8000-00000000a961'],
    created_at: '2026-11-01T00:00:00Z',
  });
}

/** Every file under `root`, by path relative to it. */
function files(root: string, under = ''): string[] {
  return readdirSync(join(root, under)).flatMap((name) => {
    const path = under === '' ? name : `${under}/${name}`;
    return statSync(join(root, path)).isDirectory() ? files(root, path) : [path];
  });
}

function expectNoneRaw(root: string): void {
  for (const file of files(root)) {
    expect(
      RAW.exec(readFileSync(join(root, file), 'utf8')),
      `${file} holds an unseen character raw`,
    ).toBeNull();
  }
}

/** The documents of every YAML file under `root`, as YAML reads them. */
function documents(root: string): Record<string, unknown>[] {
  return files(root)
    .filter((f) => f.endsWith('.yaml') && !f.startsWith('.github/'))
    .flatMap((f) => parseAllDocuments(readFileSync(join(root, f), 'utf8')).map((d) => d.toJS()));
}

const env = () => ({ QOVERY_API_TOKEN: sandbox().token, QOVERY_API_URL: sandbox().url });

describe('names and values with unseen characters, written as YAML', () => {
  it('export --out: values double-quoted as \\u202E, the comment escaped, the same values read back', async () => {
    seedHostileNames();
    const run = await runCliInProcess(['export', '--out', dir, '--org', ACME, '--root', dir], env());
    expect(run.code, run.stderr).toBe(0);
    expectNoneRaw(dir);
    const rule = readFileSync(join(dir, 'api-ycnetal-p99.yaml'), 'utf8');
    expect(rule).toContain('name: "api-\\u202Eycnetal\\u202C-p99"\n');
    const docs = documents(dir);
    expect(docs).toContainEqual(expect.objectContaining({ name: RULE_NAME, description: DESCRIPTION }));
    expect(docs.filter((d) => d.name === RECEIVER_NAME)).toHaveLength(0);
    expect(docs.filter((d) => d.name === SOLO_RECEIVER_NAME)).toHaveLength(1);
    const shared = readFileSync(join(dir, 'shared-receiver-rule.yaml'), 'utf8');
    expect(shared).toMatch(/^# .*pager\\u2067-eu\\u2069/m);
  });

  it('init --from-org: the same', async () => {
    seedHostileNames();
    const run = await runCliInProcess(['init', dir, '--from-org', ACME], env());
    expect(run.code, run.stderr).toBe(0);
    expectNoneRaw(dir);
    const docs = documents(dir);
    expect(docs).toContainEqual(expect.objectContaining({ name: RULE_NAME, description: DESCRIPTION }));
    expect(docs.filter((d) => d.name === RECEIVER_NAME)).toHaveLength(0);
    expect(docs.filter((d) => d.name === SOLO_RECEIVER_NAME)).toHaveLength(1);
  });

  it('import and export --format prometheus-rules: the alert name and annotations escaped, read back the same', async () => {
    const rules = join(dir, 'rules.yaml');
    const summary = 'latency \u202eis high\u202c';
    await writeFile(
      rules,
      JSON.stringify({
        groups: [
          {
            name: 'api',
            rules: [
              {
                alert: 'ApiLatency\u2066High\u2069',
                expr: 'max(node_load1) > 10',
                for: '5m',
                labels: { severity: 'critical' },
                annotations: { summary },
              },
            ],
          },
        ],
      }),
    );
    const out = join(dir, 'imported');
    const imported = await runCliInProcess(
      ['import', rules, '--out', out, '--cluster', PROD_EU, '--receiver', RECEIVER],
      {},
    );
    expect(imported.code, imported.stderr).toBe(0);
    expectNoneRaw(out);
    const [file] = files(out);
    const text = readFileSync(join(out, file!), 'utf8');
    expect(text).toMatch(/^# .*alert "ApiLatency\\u2066High\\u2069"/m);
    const [doc] = documents(out);
    expect(doc).toMatchObject({ presentation: { summary } });

    const promOut = join(dir, 'prometheus.yaml');
    const exported = await runCliInProcess(
      ['export', '--format', 'prometheus-rules', 'imported', '--root', dir, '--out', 'prometheus.yaml'],
      {},
    );
    expect(exported.code, exported.stderr).toBe(0);
    const written = readFileSync(promOut, 'utf8');
    expect(RAW.exec(written)).toBeNull();
    const group = (parse(written) as { groups: { rules: { annotations?: Record<string, string> }[] }[] })
      .groups[0]!;
    expect(group.rules[0]!.annotations?.summary).toBe(summary);
  });
});
