/**
 * Validate time with and without the PromQL checks: the example repository, and N generated rules.
 *   node validate-time.js [N]
 * Prints one JSON line per case: the best of several runs, in ms.
 */
import { parseFiles, readSourceFiles } from '../src/documents/index.js';
import { checkQueries } from '../src/promql/index.js';
import { documentFiles } from './fixtures.js';

const n = Number(process.argv[2] ?? 10_000);
const encoder = new TextEncoder();

async function best(runs: number, work: () => Promise<unknown>): Promise<number> {
  let fastest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    fastest = Math.min(fastest, performance.now() - started);
  }
  return Math.round(fastest * 10) / 10;
}

async function measure(name: string, runs: number, read: () => Promise<Parameters<typeof parseFiles>[0]>) {
  const files = await read();
  const documents = parseFiles(files).documents;
  // The first call loads the PromQL modules: measured apart, as a run of validate pays it once.
  const firstCheck = await best(1, () => checkQueries(documents));
  // Alternated, so that warm-up and the machine's load fall on both alike.
  let without = Number.POSITIVE_INFINITY;
  let withChecks = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) {
    without = Math.min(without, await best(1, async () => parseFiles(await read())));
    withChecks = Math.min(
      withChecks,
      await best(1, async () => checkQueries(parseFiles(await read()).documents)),
    );
  }
  const findings = (await checkQueries(documents)).length;
  console.log(
    JSON.stringify({
      bench: 'validate-time',
      name,
      documents: documents.length,
      without,
      with: withChecks,
      firstCheck,
      findings,
    }),
  );
}

await measure('fixtures/example', 10, async () => (await readSourceFiles('fixtures/example', ['.'])).files);
const generated = documentFiles(n, 100).map((f) => ({ path: f.path, bytes: encoder.encode(f.text) }));
await measure(`${n} generated rules`, 3, async () => generated);
