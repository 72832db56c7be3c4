/**
 * Plan time for N documents against merely parsing the same YAML with `yaml`. One measured run per
 * process, so that the peak memory (maxRSS) belongs to that one run alone, not to the garbage of an
 * earlier one; run.mjs takes the median of several processes.
 *   node plan-time.js yaml|plan [N]
 * The live state is built in-process, as the client decodes it: reading it from a service is measured by
 * the `requests` bench.
 */
import { parseAllDocuments } from 'yaml';
import { parseFiles } from '../src/documents/index.js';
import type { AlertRuleDocument } from '../src/documents/types.js';
import { planAlertRules } from '../src/plan/plan.js';
import type { LiveAlertRule } from '../src/service/types.js';
import { documentFiles, ORG, seedWith } from './fixtures.js';

const mode = process.argv[2] === 'yaml' ? 'yaml' : 'plan';
const n = Number(process.argv[3] ?? 10_000);
const encoder = new TextEncoder();
const sourcesOf = (count: number) =>
  documentFiles(count, 100).map((f) => ({ path: f.path, bytes: encoder.encode(f.text) }));
// The live state as the client decodes it: the seed's rules with the fields the service adds.
const live: LiveAlertRule[] = (seedWith(n).alertRules as Record<string, unknown>[]).map(
  (r) => ({ ...r, source: 'MANAGED', state: 'OK', is_up_to_date: true }) as unknown as LiveAlertRule,
);

function once(sources: ReturnType<typeof sourcesOf>, n: number): number {
  const started = performance.now();
  if (mode === 'yaml') {
    const decoder = new TextDecoder();
    let count = 0;
    for (const source of sources) {
      for (const doc of parseAllDocuments(decoder.decode(source.bytes))) {
        doc.toJS();
        count++;
      }
    }
    if (count !== n) throw new Error(`parsed ${count} documents, expected ${n}`);
  } else {
    const loaded = parseFiles(sources);
    const plan = planAlertRules({
      documents: loaded.documents as AlertRuleDocument[],
      live: new Map([[ORG, live]]),
      receivers: null,
      defaultOrganizationId: null,
      prune: false,
    });
    if (plan.changes.length !== n) throw new Error(`planned ${plan.changes.length} rules, expected ${n}`);
  }
  return performance.now() - started;
}

// Warm-up on a few documents: JIT and module initialization are not what is being compared, and a small
// warm-up leaves little garbage behind to inflate the peak.
const warmUp = Math.min(1000, Math.ceil(n / 10));
once(sourcesOf(warmUp), warmUp);
const sources = sourcesOf(n);
const ms = once(sources, n);
console.log(
  JSON.stringify({
    bench: 'plan-time',
    mode,
    documents: n,
    ms: Math.round(ms),
    maxRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
  }),
);
