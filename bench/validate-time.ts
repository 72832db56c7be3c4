/**
 * Validate time with and without the PromQL checks: the example repository, and N generated rules; and
 * validate time of a repository of real queries against the same repository with every query `up`.
 *   node validate-time.js [N]
 * Prints one JSON line per case: the best of several runs, in ms.
 */
import { parseFiles, readSourceFiles } from '../src/documents/index.js';
import { checkQuery } from '../src/promql/check-query.js';
import { checkQueries } from '../src/promql/index.js';
import { documentFiles, documentFilesWithQueries, realQueries } from './fixtures.js';

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

/**
 * Validate (parse and check) of the same repository with real queries and with every query `up`. Each
 * real rule has the operator its query is written for (NONE when the query compares already, as
 * kube-prometheus's do), as a maintained repository has: findings are rare, and locating one in its file
 * costs a second parse of that file, which is measured apart (`located`).
 */
async function realAgainstTrivial(count: number, runs: number) {
  const corpus = realQueries();
  const queries = Array.from({ length: count }, (_, i) => corpus[i % corpus.length]!);
  const operators = queries.map((q) =>
    checkQuery(q, { operator: 'ABOVE' }).some((f) => f.code === 'promql.comparison-with-operator')
      ? 'NONE'
      : 'ABOVE',
  );
  const asBytes = (files: { path: string; text: string }[]) =>
    files.map((f) => ({ path: f.path, bytes: encoder.encode(f.text) }));
  const real = asBytes(documentFilesWithQueries(queries, 100, operators));
  const trivial = asBytes(
    documentFilesWithQueries(
      queries.map(() => 'up'),
      100,
    ),
  );
  const validate = async (files: typeof real) => checkQueries(parseFiles(files).documents);
  await validate(trivial);
  let realMs = Number.POSITIVE_INFINITY;
  let upMs = Number.POSITIVE_INFINITY;
  // Alternated, so that warm-up and the machine's load fall on both alike.
  for (let i = 0; i < runs; i++) {
    upMs = Math.min(upMs, await best(1, () => validate(trivial)));
    realMs = Math.min(realMs, await best(1, () => validate(real)));
  }
  const findings = (await validate(real)).length;
  console.log(
    JSON.stringify({
      bench: 'validate-real-queries',
      documents: count,
      distinct: corpus.length,
      up: upMs,
      real: realMs,
      ratio: Math.round((realMs / upMs) * 100) / 100,
      findings,
    }),
  );
}

await realAgainstTrivial(3000, 7);
