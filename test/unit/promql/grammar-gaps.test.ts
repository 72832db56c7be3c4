import { describe, expect, it } from 'vitest';
import { bridgeGrammarGaps } from '../../../src/promql/grammar-gaps.js';

describe('the rewrites where the grammar refuses what Prometheus accepts', () => {
  it.each([
    ['2.', '2 '],
    ['histogram_quantile(1./6., x)', 'histogram_quantile(1 /6 , x)'],
    ['foo @ 3.', 'foo @ 3 '],
    ['offset{step="1s"}', 'offse_{step="1s"}'],
    ['sum(offset)', 'sum(offse_)'],
    ['foo[STEP()]', 'foo[step()]'],
    ['constructor', 'xonstructor'],
    [
      'rate(__proto__[5m]) / CONSTRUCTOR{job="constructor"}',
      'rate(x_proto__[5m]) / xONSTRUCTOR{job="constructor"}',
    ],
    ['foo offset Range()', 'foo offset range()'],
    ['min_of(3, 5)', '      (3+ 5)'],
    ['max_of(1, min_of(2, 3))', '      (1+       (2+ 3))'],
  ])('%j reads as %j', (query, bridged) => {
    expect(bridgeGrammarGaps(query)).toBe(bridged);
    expect(bridgeGrammarGaps(query)).toHaveLength(query.length);
  });

  it.each([
    'up',
    '2.5.',
    '100..4',
    '2.e5',
    'foo offset 5m',
    'foo{job="offset{"} offset 1m',
    'x{a="2."} # 2. offset{',
    'foo[min_of(5m, 1h)]',
    'foo offset max_of(1m, 2m)',
    'min_of(1)',
    'min_of(1, 2, 3)',
    'STEP',
    'rate(x[5m:step()])',
  ])('leaves %j as it is', (query) => {
    expect(bridgeGrammarGaps(query)).toBe(query);
  });
});
