import type { AlertRuleChange } from '../../src/model/alert-rule-change.js';
import type { FieldDiff } from '../../src/model/change.js';
import type { ChangeResult, PendingChange } from '../../src/model/types.js';
import type { AlertRuleCreationRequest, AlertRuleEditRequest } from '../../src/service/types.js';

/** Builders of plan changes and apply results for tests of the readers (renderers, exit codes, outcome). */

export interface ChangeFields {
  readonly id?: string;
  readonly name?: string;
  readonly organizationId?: string;
  readonly clusterId?: string;
  readonly file?: string;
  readonly line?: number;
  readonly diff?: readonly FieldDiff[];
  readonly outsideEdit?: readonly FieldDiff[];
}

const EDIT: AlertRuleEditRequest = {
  name: 'rule',
  description: '',
  tag: 'test',
  condition: { kind: 'BUILT', engine: 'PROMETHEUS', promql: 'up == 0', operator: 'ABOVE', threshold: 0 },
  for_duration: 'PT5M',
  severity: 'LOW',
  enabled: true,
  alert_receiver_ids: [],
  presentation: {},
} as unknown as AlertRuleEditRequest;

export function testChange<A extends AlertRuleChange['action']>(
  action: A,
  fields: ChangeFields = {},
): Extract<AlertRuleChange, { action: A }> {
  const base = {
    kind: 'AlertRule' as const,
    name: fields.name ?? 'rule',
    organizationId: fields.organizationId ?? 'o',
    clusterId: fields.clusterId ?? 'c',
    file: fields.file ?? 'a.yaml',
    line: fields.line ?? 1,
    diff: fields.diff ?? [],
  };
  const id = fields.id ?? 'r-1';
  const request = { ...EDIT, name: base.name };
  switch (action) {
    case 'create': {
      const creation = {
        ...request,
        organization_id: base.organizationId,
        cluster_id: base.clusterId,
        target: { target_type: 'CLUSTER', target_id: base.clusterId },
      } as unknown as AlertRuleCreationRequest;
      return { ...base, action, id: null, clusterId: base.clusterId, request: creation } as never;
    }
    case 'update':
      return {
        ...base,
        action,
        id,
        against: {},
        request,
        ...(fields.outsideEdit ? { outsideEdit: fields.outsideEdit } : {}),
      } as never;
    case 'delete':
      return { ...base, action, id, against: {} } as never;
    default:
      return { ...base, action, id } as never;
  }
}

export function testResult(
  change: PendingChange,
  answer: Omit<ChangeResult, 'change' | 'id'> & { readonly id?: string | null },
): ChangeResult {
  return { change, id: answer.id === undefined ? change.id : answer.id, ...answer };
}
