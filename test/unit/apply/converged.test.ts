import { describe, expect, it } from 'vitest';
import { storedDifferently } from '../../../src/kinds/alert-rule/converged.js';
import { formatApplyResultsText } from '../../../src/report/apply-text.js';
import type { AlertRuleCreationRequest } from '../../../src/service/types.js';
import { testChange, testResult } from '../../helpers/changes.js';
import { live } from '../plan/fixtures.js';

const stored = live();
const sent: AlertRuleCreationRequest = {
  organization_id: stored.organization_id,
  cluster_id: stored.cluster_id,
  target: stored.target,
  name: stored.name,
  description: stored.description,
  tag: stored.tag,
  condition: stored.condition,
  for_duration: stored.for_duration,
  severity: stored.severity,
  enabled: stored.enabled,
  alert_receiver_ids: stored.alert_receiver_ids,
  presentation: stored.presentation,
};

describe('storedDifferently', () => {
  it('is empty when the service stored what was sent (ids compared without case)', () => {
    const upper = { ...sent, target: { ...sent.target, target_id: sent.target.target_id.toUpperCase() } };
    expect(storedDifferently(upper, stored)).toEqual([]);
  });

  it('names a target stored differently by its parts, so the apply summary reads as values', () => {
    const other = live({
      target: { target_type: 'CONTAINER', target_id: 'a1a1a1a1-0000-4000-8000-000000000303' },
    });
    const diffs = storedDifferently(sent, other);
    expect(diffs).toEqual([
      { path: 'target.target_type', before: 'APPLICATION', after: 'CONTAINER' },
      {
        path: 'target.target_id',
        before: sent.target.target_id,
        after: 'a1a1a1a1-0000-4000-8000-000000000303',
      },
    ]);
    const text = formatApplyResultsText(
      [
        testResult(testChange('create', { name: 'n', file: 'f.yaml' }), {
          id: 'r',
          ok: true,
          status: 201,
          storedDifferently: diffs,
        }),
      ],
      { color: false },
    );
    expect(text).toContain('target.target_type (sent "APPLICATION", stored "CONTAINER")');
    expect(text).not.toContain('[object Object]');
  });

  it('an object value in a difference is shown as JSON, never as [object Object]', () => {
    const text = formatApplyResultsText(
      [
        testResult(testChange('update', { id: 'r', name: 'n', file: 'f.yaml' }), {
          ok: true,
          status: 200,
          storedDifferently: [{ path: 'presentation', before: { summary: 'a' }, after: null }],
        }),
      ],
      { color: false },
    );
    expect(text).toContain('presentation (sent {"summary":"a"}, stored (none))');
  });
});
