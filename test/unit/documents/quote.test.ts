import { expect, it } from 'vitest';
import { parseFiles } from '../../../src/documents/index.js';

const file = (text: string) => ({ path: 'long.yaml', bytes: new TextEncoder().encode(text) });

it('no message quotes more than 200 characters of a source line', () => {
  const long = 'k'.repeat(15_000);
  // An implicit key may be at most 1024 characters long; a repeated one of 900 is still quoted short.
  const key = 'k'.repeat(900);
  const { diagnostics } = parseFiles([
    file(`kind: ${long}\n---\nkind: AlertRule\n${key}: 1\n${key}: 2\n---\nkind: AlertRule\nx: [${long}\n`),
  ]);
  expect(diagnostics.map((d) => d.code)).toEqual(
    expect.arrayContaining(['document.kind-unknown', 'yaml.duplicate-key', 'yaml.syntax']),
  );
  for (const d of diagnostics) expect(d.message.length, d.message.slice(0, 80)).toBeLessThan(300);
});
