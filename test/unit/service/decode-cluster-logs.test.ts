import { describe, expect, it } from 'vitest';
import { decodeClusterLogs, decodeDeploymentHistory } from '../../../src/service/decode/cluster-logs.js';
import { type DecodeContext, DecodeError } from '../../../src/service/decode/read.js';
import { Notices } from '../../../src/service/notices.js';

function context(): DecodeContext {
  return { operation: 'getAlertRules', notices: new Notices() };
}

describe('cluster deployments and logs at the boundary', () => {
  it('reads deployments, tolerating a new action status', () => {
    const ctx = context();
    const history = decodeDeploymentHistory(
      {
        page: 1,
        page_size: 20,
        results: [
          {
            identifier: { deployment_id: 'd1', cluster_id: 'c1' },
            auditing_data: {
              created_at: '2026-11-21T01:00:00Z',
              updated_at: '2026-11-21T01:05:00Z',
              origin: 'API',
            },
            status: 'DEPLOYED',
            action_status: 'ROLLED_BACK',
            trigger_action: 'DEPLOY',
            reason: 'update',
          },
        ],
      },
      ctx,
    );
    expect(history[0]).toMatchObject({
      identifier: { deployment_id: 'd1', execution_id: null },
      action_status: 'ROLLED_BACK',
    });
    expect(ctx.notices.list()).toHaveLength(1);
    expect(decodeDeploymentHistory({ page: 1, page_size: 20 }, ctx)).toEqual([]);
  });

  it('shows log entries as far as they go', () => {
    const ctx = context();
    const entries = decodeClusterLogs(
      {
        results: [
          {
            type: 'error',
            timestamp: '2026-11-21T01:00:00.123456789Z',
            step: 'Create',
            message: { safe_message: 'failed' },
            error: {
              tag: 'HELM',
              underlying_error: { message: 'boom' },
              event_details: { transmitter: { type: 'k8s', id: 7 } },
            },
          },
          {
            type: 'info',
            step: 'Rebalance',
            message: 'not an object',
            details: { provider_kind: 'aws', region: 3 },
          },
          'not an entry',
        ],
      },
      ctx,
    );
    expect(entries).toEqual([
      {
        type: 'error',
        timestamp: '2026-11-21T01:00:00.123456789Z',
        step: 'Create',
        message: { safe_message: 'failed' },
        error: {
          tag: 'HELM',
          underlying_error: { message: 'boom' },
          event_details: { transmitter: { type: 'k8s' } },
        },
      },
      { type: 'info', step: 'Rebalance', details: { provider_kind: 'aws' } },
    ]);
    expect(ctx.notices.list()).toHaveLength(2);
    expect(decodeClusterLogs({}, ctx)).toEqual([]);
    expect(() => decodeClusterLogs({ results: 'x' }, ctx)).toThrow(DecodeError);
  });
});
