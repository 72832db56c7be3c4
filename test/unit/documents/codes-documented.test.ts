import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { CODES } from '../../../src/documents/index.js';
import { PROMQL_CODES } from '../../../src/promql/index.js';

it('every code of loading and validation is documented in docs/diagnostics.md, and no other', async () => {
  const text = await readFile('docs/diagnostics.md', 'utf8');
  const documented = [...text.matchAll(/^\| `([a-z.-]+)` \|/gm)].map((m) => m[1]);
  expect(documented.sort()).toEqual([...Object.values(CODES), ...Object.values(PROMQL_CODES)].sort());
});
