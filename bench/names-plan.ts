/**
 * A plan of N rules written with names (cluster: prod-eu, target: {service: shop/production/api}) against
 * the same rules written with ids, end to end: documents read and checked, the organization's rules,
 * receivers, clusters and services read from a sandbox in its own process, names resolved, the plan made.
 *   node names-plan.js names|ids [N]
 * One measured run per process, so that the peak memory (maxRSS) is that run's alone.
 */
import { rmSync } from 'node:fs';
import { runPlan } from '../src/commands/plan.js';
import { changesOfKind } from '../src/model/types.js';
import { benchContext, writeRepository } from './context.js';
import { byName, documentFiles, TOKEN } from './fixtures.js';
import { serverProcess } from './server-process.js';

const mode = process.argv[2] === 'names' ? 'names' : 'ids';
const n = Number(process.argv[3] ?? 10_000);
const files = documentFiles(n, 100);
const root = writeRepository(mode === 'names' ? byName(files) : files);
const server = await serverProcess('sandbox-process.js', [String(n), '0']);
const { ctx, client } = benchContext(server.url, TOKEN, root);
try {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const report = await runPlan(ctx);
  const ms = Math.round(performance.now() - started);
  const used = process.cpuUsage(cpu);
  const cpuMs = Math.round((used.user + used.system) / 1000);
  const errors = report.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) throw new Error(`the plan found errors: ${errors[0]!.message}`);
  const rules = changesOfKind(report.plan?.changes ?? [], 'AlertRule');
  if (rules.length !== n) throw new Error(`planned ${rules.length} rules, expected ${n}`);
  const named = rules.filter((c) => c.references?.target?.name === 'api').length;
  console.log(
    JSON.stringify({
      bench: 'names-plan',
      mode,
      n,
      ms,
      cpuMs,
      maxRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
      requests: report.requests.total,
      lists: report.requests.byOperation,
      named,
    }),
  );
} finally {
  await client.close();
  server.stop();
  rmSync(root, { recursive: true, force: true });
}
