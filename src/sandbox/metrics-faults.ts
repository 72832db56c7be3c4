import type { ScriptedAnswer } from './types.js';

/**
 * Ready-made failures of get-cluster-metrics, for tests of what a client does when the metrics endpoint
 * fails: `sandbox.setFaults({ script: [metricsFault('html-page')] })`. Each answers the next `times`
 * requests of the operation (default 1; the client retries a 500 as it retries every read, so a lasting
 * failure needs as many as its attempts).
 *
 * - `server-error`: 500 with the service's error body;
 * - `html-page`: 200 with an HTML page (a proxy's or a login page) instead of JSON;
 * - `unknown-shape`: 200 with `{metrics}` holding JSON that is no Prometheus answer;
 * - `not-a-string`: 200 with `metrics` an object, not the text the description declares;
 * - `prometheus-error`: 200 with Prometheus's own error shape inside `metrics` (a query it timed out on);
 * - `slow`: the real answer, 30 s late on the sandbox's clock (for the client's deadline).
 */
export type MetricsFault =
  | 'server-error'
  | 'html-page'
  | 'unknown-shape'
  | 'not-a-string'
  | 'prometheus-error'
  | 'slow';

const OPERATION = 'get-cluster-metrics';

export function metricsFault(kind: MetricsFault, times = 1): ScriptedAnswer {
  switch (kind) {
    case 'server-error':
      return { operation: OPERATION, status: 500, times };
    case 'html-page':
      return {
        operation: OPERATION,
        status: 200,
        text: '<!DOCTYPE html><html><head><title>Sign in</title></head><body><h1>Sign in</h1></body></html>',
        times,
      };
    case 'unknown-shape':
      return {
        operation: OPERATION,
        status: 200,
        body: { metrics: '{"series":[],"note":"not Prometheus"}' },
        times,
      };
    case 'not-a-string':
      return { operation: OPERATION, status: 200, body: { metrics: { status: 'success' } }, times };
    case 'prometheus-error':
      return {
        operation: OPERATION,
        status: 200,
        body: {
          metrics: JSON.stringify({
            status: 'error',
            errorType: 'timeout',
            error: 'query timed out in expression evaluation',
          }),
        },
        times,
      };
    case 'slow':
      return { operation: OPERATION, delayMs: 30_000, times };
  }
}
