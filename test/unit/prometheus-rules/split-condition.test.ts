import { describe, expect, it } from 'vitest';
import { splitCondition } from '../../../src/prometheus-rules/split-condition.js';

describe('splitCondition: a top-level comparison with a number becomes operator + threshold', () => {
  it.each([
    ['up == 0', { promql: 'up', operator: 'EQUAL', threshold: 0 }],
    ['rate(x[5m]) > 0.5', { promql: 'rate(x[5m])', operator: 'ABOVE', threshold: 0.5 }],
    ['rate(x[5m]) >= 0.5', { promql: 'rate(x[5m])', operator: 'ABOVE_OR_EQUAL', threshold: 0.5 }],
    ['x < -1', { promql: 'x', operator: 'BELOW', threshold: -1 }],
    ['x <= 1e3', { promql: 'x', operator: 'BELOW_OR_EQUAL', threshold: 1000 }],
    // A number on the left: the same comparison seen from the other side.
    ['5 < x', { promql: 'x', operator: 'ABOVE', threshold: 5 }],
    ['0.9 >= x', { promql: 'x', operator: 'BELOW_OR_EQUAL', threshold: 0.9 }],
    ['(a / b > (0.05))', { promql: 'a / b', operator: 'ABOVE', threshold: 0.05 }],
    ['(a or b) > 5', { promql: 'a or b', operator: 'ABOVE', threshold: 5 }],
    ['# why\nsum(x)\n  > 3', { promql: 'sum(x)', operator: 'ABOVE', threshold: 3 }],
  ])('%s', (expr, expected) => {
    expect(splitCondition(expr)).toEqual(expected);
  });
});

describe('splitCondition: every other expression is kept whole with operator NONE', () => {
  it.each([
    // bool never filters: 0 or 1 for every series, so the alert would fire always.
    'x > bool 5',
    // on/ignoring join two vectors; the right side is no threshold.
    'x > on(job) y',
    'x > ignoring(instance) group_left y',
    // the service has no operator for !=.
    'x != 0',
    'x > 1 and y < 2',
    'absent(up{job="api"})',
    'vector(1)',
    'x > y',
    // a comparison inside would be compared again.
    'x > 1 < 5',
    // NaN/Inf and durations are no threshold.
    'x > Inf',
    'x > NaN',
    // a syntax error: imported as written, reported elsewhere.
    'x > > 5',
  ])('%s', (expr) => {
    expect(splitCondition(expr)).toEqual({ promql: expr.trim(), operator: 'NONE' });
  });
});
