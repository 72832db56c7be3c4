/**
 * A plan of N rules in one organization, end to end, against merely parsing the same YAML with `yaml`.
 *   node plan-time.js yaml|plan [N]
 * plan: the documents parsed and checked, the organization's live rules read through the real service
 * client over HTTP in one request (the sandbox's answer, about 810 bytes a rule, served by list-server.ts
 * from its own process), and the plan; each phase is timed too. yaml: `parseAllDocuments` and `toJS` of
 * the same files, nothing else held.
 * One measured run per process, so that the peak memory (maxRSS) belongs to that one run alone, not to
 * the garbage of an earlier one; run.mjs takes the median of several processes.
 */
import { parseAllDocuments } from 'yaml';
import { parseFiles } from '../src/documents/index.js';
import type { AlertRuleDocument, LoadResult } from '../src/documents/types.js';
import { planAlertRules } from '../src/kinds/alert-rule/plan-changes.js';
import { createServiceClient } from '../src/service/client.js';
import { decodeAlertRuleList } from '../src/service/decode/alert-rules.js';
import { readListAnswer } from '../src/service/decode/json-list.js';
import { Notices } from '../src/service/notices.js';
import type { LiveAlertRule } from '../src/service/types.js';
import { documentFiles, ORG, seedWith, TOKEN } from './fixtures.js';
import { serverProcess } from './server-process.js';

const mode = process.argv[2] === 'yaml' ? 'yaml' : 'plan';
const n = Number(process.argv[3] ?? 10_000);
const encoder = new TextEncoder();
const sourcesOf = (count: number) =>
  documentFiles(count, 100).map((f) => ({ path: f.path, bytes: encoder.encode(f.text) }));
type Sources = ReturnType<typeof sourcesOf>;

function parseYamlOnly(sources: Sources, count: number): void {
  const decoder = new TextDecoder();
  let parsed = 0;
  for (const source of sources) {
    for (const doc of parseAllDocuments(decoder.decode(source.bytes))) {
      doc.toJS();
      parsed++;
    }
  }
  if (parsed !== count) throw new Error(`parsed ${parsed} documents, expected ${count}`);
}

function planOf(loaded: LoadResult, live: readonly LiveAlertRule[], count: number): void {
  const planned = planAlertRules({
    documents: loaded.documents as AlertRuleDocument[],
    live: new Map([[ORG, live]]),
    receivers: null,
    defaultOrganizationId: null,
    prune: false,
  });
  if (planned.changes.length !== count)
    throw new Error(`planned ${planned.changes.length} rules, expected ${count}`);
}

/**
 * Warm-up on a few documents, with the list decoded from its bytes in-process: JIT and module
 * initialization are not what is being compared, and a small warm-up leaves little garbage behind to
 * inflate the peak.
 */
function warmUp(count: number): void {
  const sources = sourcesOf(count);
  if (mode === 'yaml') {
    parseYamlOnly(sources, count);
    return;
  }
  const wire = (seedWith(count).alertRules as Record<string, unknown>[]).map((r) => ({
    ...r,
    source: 'MANAGED',
    state: 'OK',
    is_up_to_date: true,
  }));
  const body = readListAnswer(Buffer.from(JSON.stringify({ results: wire })), 'results');
  const live = decodeAlertRuleList(body, { operation: 'getAlertRules', notices: new Notices() });
  planOf(parseFiles(sources), live, count);
}

warmUp(Math.min(1000, Math.ceil(n / 10)));
const sources = sourcesOf(n);
if (mode === 'yaml') {
  const started = performance.now();
  const cpu = process.cpuUsage();
  parseYamlOnly(sources, n);
  const ms = performance.now() - started;
  report({ ms: Math.round(ms), cpuMs: cpuMsSince(cpu) });
} else {
  // The organization's N rules as the sandbox answers them, served from another process.
  const server = await serverProcess('list-server.js', [String(n)]);
  const client = createServiceClient({ apiUrl: server.url, token: TOKEN });
  try {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const loaded = parseFiles(sources);
    const documentsAt = performance.now();
    const live = await client.getAlertRules(ORG);
    const listAt = performance.now();
    planOf(loaded, live, n);
    const ms = performance.now() - started;
    report({
      ms: Math.round(ms),
      cpuMs: cpuMsSince(cpu),
      documentsMs: Math.round(documentsAt - started),
      listMs: Math.round(listAt - documentsAt),
      planMs: Math.round(ms - (listAt - started)),
    });
  } finally {
    await client.close();
    server.stop();
  }
}

/** CPU time of this process (all its threads, the collector's helpers included) since `from`. */
function cpuMsSince(from: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(from);
  return Math.round((used.user + used.system) / 1000);
}

function report(figures: Record<string, number>): void {
  console.log(
    JSON.stringify({
      bench: 'plan-time',
      mode,
      documents: n,
      ...figures,
      maxRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
    }),
  );
}
