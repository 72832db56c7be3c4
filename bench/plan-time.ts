/**
 * Plan time for N documents against merely parsing the same YAML with `yaml`. Run once per mode in its
 * own process, so that each figure of peak memory (maxRSS) belongs to that mode alone.
 *   node plan-time.js yaml|plan [N]
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

// Warm-up on a tenth of the documents: JIT and module initialization are not what is being compared.
once(sourcesOf(Math.ceil(n / 10)), Math.ceil(n / 10));
const sources = sourcesOf(n);
// The better of two runs: the machine's other load only ever adds time.
const best = Math.min(once(sources, n), once(sources, n));
console.log(
  JSON.stringify({
    bench: 'plan-time',
    mode,
    documents: n,
    bestMs: Math.round(best),
    maxRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
  }),
);
