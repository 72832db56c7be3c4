import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../src/core/canonical-json.js';

describe('canonicalJson', () => {
  it('ignores key order at every depth but keeps list order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe(
      canonicalJson({ a: { c: null, d: [2, 1] }, b: 1 }),
    );
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
  });
});
