import { describe, expect, it } from 'vitest';
import { evaluatedExpression } from '../../../src/prometheus-rules/rules-from-documents.js';
import { splitCondition } from '../../../src/prometheus-rules/split-condition.js';
import { queryError } from '../../../src/promql/check-query.js';

describe('the expression the service is understood to evaluate: function(promql) operator threshold', () => {
  it.each([
    [{ promql: 'up' }, 'up'],
    [{ promql: 'up == 0', operator: 'NONE', function: 'NONE' }, 'up == 0'],
    [{ promql: 'rate(x[5m])', operator: 'ABOVE', threshold: 0.5 }, 'rate(x[5m]) > 0.5'],
    [{ promql: 'x', operator: 'BELOW_OR_EQUAL', threshold: -1, function: 'MIN' }, 'min(x) <= -1'],
    [{ promql: 'x', function: 'COUNT' }, 'count(x)'],
    [{ promql: 'a / b', operator: 'EQUAL', threshold: 1 }, 'a / b == 1'],
    // A looser operator at the top is grouped, or the comparison would bind to its right side only.
    [{ promql: 'a or b', operator: 'ABOVE', threshold: 5 }, '(a or b) > 5'],
    [{ promql: 'a > 1', operator: 'ABOVE_OR_EQUAL', threshold: 2 }, '(a > 1) >= 2'],
    // A comment runs to the end of its line: what follows the query starts a new one.
    [{ promql: 'x # why', operator: 'ABOVE', threshold: 1 }, 'x # why\n> 1'],
    [{ promql: 'x # why', operator: 'ABOVE', threshold: 1, function: 'MAX' }, 'max(x # why\n) > 1'],
    [{ promql: '(a or b) # why', operator: 'BELOW', threshold: 1 }, '(a or b) # why\n< 1'],
  ])('%j → %s', (condition, expected) => {
    const expr = evaluatedExpression(condition);
    expect(expr).toBe(expected);
    expect(queryError(expr as string)).toBeNull();
  });

  it('cannot write an operator without a threshold', () => {
    expect(evaluatedExpression({ promql: 'x', operator: 'ABOVE' })).toMatchObject({
      leftOut: expect.stringMatching(/without a threshold/),
    });
  });

  it('is what import split: the two are inverse', () => {
    for (const expr of ['x > 5', 'a / b >= 0.5', '(a or b) < 2', 'x > bool 1', 'up == 0']) {
      const again = evaluatedExpression(splitCondition(expr));
      expect(splitCondition(again as string)).toEqual(splitCondition(expr));
    }
  });
});
