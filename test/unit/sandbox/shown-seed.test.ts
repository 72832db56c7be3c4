/** The seed people are shown (demo, sandbox): the built-in one, with the field kind the contract does not list described as a string. */
import { describe, expect, it } from 'vitest';
import { defaultSeedDir, shownSeed as demoSeed, readSeedDirectory } from '../../../src/sandbox/index.js';

/** Every `{ key, type }` field descriptor under a value, with where it sits. */
function fieldTypes(value: unknown, where = ''): { where: string; key: string; type: string }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => fieldTypes(v, `${where}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  const o = value as Record<string, unknown>;
  const own =
    typeof o.key === 'string' && typeof o.type === 'string' && !('scope' in o)
      ? [{ where, key: o.key, type: o.type }]
      : [];
  return [...own, ...Object.entries(o).flatMap(([k, v]) => fieldTypes(v, `${where}.${k}`))];
}

describe('demoSeed', () => {
  it('describes the unknown "duration" kind as a string and leaves every other field as the seed has it', async () => {
    const built = (await readSeedDirectory(defaultSeedDir())).flatMap((part) =>
      fieldTypes((part.value as Record<string, unknown>)?.templates, '.templates'),
    );
    // The built-in seed keeps the kind on purpose: the tests of the client prove it is tolerated.
    expect(built.some((f) => f.type === 'duration')).toBe(true);
    const demo = fieldTypes((await demoSeed()).templates, '.templates');
    expect(demo.map((f) => f.key)).toEqual(built.map((f) => f.key));
    expect(demo.map((f) => f.type)).toEqual(built.map((f) => (f.type === 'duration' ? 'string' : f.type)));
  });

  it('keeps the other sections of the seed', async () => {
    const seed = (await demoSeed()) as unknown as Record<string, unknown[]>;
    expect(Object.keys(seed)).toContain('templates');
    expect(Object.keys(seed).some((k) => k.startsWith('x-'))).toBe(false);
    expect(Object.values(seed).every((v) => Array.isArray(v) && v.length > 0)).toBe(true);
  });
});
