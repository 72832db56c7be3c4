import { describe, expect, it } from 'vitest';
import { editDistance, nearestName } from '../../../src/core/nearest-name.js';

describe('nearestName', () => {
  const components = ['karpenter', 'cert-manager', 'ingress-nginx', 'external-dns', 'observability'];

  it('suggests the closest plausible name', () => {
    expect(nearestName('karpnter', components)).toBe('karpenter');
    expect(nearestName('ingres-nginx', components)).toBe('ingress-nginx');
    expect(nearestName('Cert-Manager', components)).toBe('cert-manager');
    expect(nearestName('1.4.1', ['1.4.0', '1.3.2'])).toBe('1.4.0');
  });

  it('suggests nothing when no name is close', () => {
    expect(nearestName('vault', components)).toBeNull();
    expect(nearestName('x', [])).toBeNull();
  });

  it('counts a swap of neighbours as one edit', () => {
    expect(editDistance('karpetner', 'karpenter')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
  });
});
