import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { CODES } from '../../../src/documents/index.js';

it('every code of loading and validation is documented in docs/diagnostics.md, ', async () => {
  const text = await readFile('docs/diagnostics.md', 'utf8');
  const documented = [...text.matchAll(/^\| `([a-z.-]+)` \|/gm)].map((m) => m[1]);
  expect(documented).toEqual(expect.arrayContaining(Object.values(CODES)));
});
