/**
 * The CPU time of the PromQL checks' stages on the real queries of test/unit/promql/corpus, in a fresh
 * process (the grammar cold, as in a run of validate): each stage with the ones before it, so that the
 * differences are what each adds. Run each stage in its own process, several times:
 *   node check-stages.js parse|syntax|faults|types|all   → one JSON line (loadMs: loading the modules)
 */
import { realQueries } from './fixtures.js';

const stage = process.argv[2] ?? 'all';
const queries = realQueries();
const cpuMs = (since?: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};
const start = process.cpuUsage();
const library = await import('../src/promql/library.js');
const syntax = await import('../src/promql/syntax.js');
const parserChecks = await import('../src/promql/parser-checks.js');
const { checkQuery } = await import('../src/promql/check-query.js');
const loadMs = cpuMs(start);
let found = 0;
for (const query of queries) {
  if (stage === 'all') {
    found += checkQuery(query, { operator: 'ABOVE' }).length;
    continue;
  }
  const tree = library.parseQuery(query);
  if (stage === 'parse') continue;
  found += syntax.syntaxError(query, tree) ? 1 : 0;
  if (stage === 'syntax') continue;
  found += parserChecks.treeFaults(query, tree).reading.length;
  if (stage === 'faults') continue;
  found += library.typeCheck(query, tree).length + (library.valueType(tree) === 'matrix' ? 1 : 0);
}
console.log(
  JSON.stringify({
    bench: 'check-stages',
    stage,
    queries: queries.length,
    loadMs,
    ms: cpuMs(start) - loadMs,
    found,
  }),
);
