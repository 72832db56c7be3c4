import { describe, expect, it } from 'vitest';
import { didYouMean, editDistance, nearestName } from '../../../src/documents/suggest.js';

describe('nearestName', () => {
  const fields = ['severity', 'condition', 'for_duration', 'alert_receiver_ids', 'name'];

  it.each([
    ['severty', 'severity'],
    ['Severity', 'severity'],
    ['conditon', 'condition'],
    ['for_durration', 'for_duration'],
    ['alert_receivers_ids', 'alert_receiver_ids'],
  ])('suggests %s → %s', (written, expected) => {
    expect(nearestName(written, fields)).toBe(expected);
  });

  it('suggests nothing for a word that is not a typo of any field', () => {
    expect(nearestName('threshold_percent', fields)).toBeNull();
    expect(didYouMean('owner', fields)).toBe('');
  });

  it('counts an adjacent transposition as one edit', () => {
    expect(editDistance('sevreity', 'severity')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
  });
});
