import type { OperationId } from './types.js';

/** Why a request failed: an HTTP answer, no answer in time, no connection, no budget, or a body we cannot use. */
export type ApiErrorKind = 'http' | 'timeout' | 'network' | 'budget' | 'invalid-response';

export interface ApiErrorInfo {
  readonly operation: OperationId;
  readonly method: string;
  /** The request path without the query and without the base address. */
  readonly path: string;
  /** HTTP status, or null when no answer came. */
  readonly status: number | null;
  readonly kind: ApiErrorKind;
  /** The service's own message (detail, message, error or raw text), trimmed and length-capped; never a secret. */
  readonly serviceMessage: string | null;
  /** What the user can do about it, e.g. "token missing or invalid: set QOVERY_API_TOKEN…". */
  readonly hint: string | null;
  /**
   * Replaces the message's opening ("operation (METHOD path) failed …") when the failure concerns no single
   * request, e.g. a budget refusal before a run's writes.
   */
  readonly summary?: string;
}

/** The one error type for failures of the service. `message` is a complete sentence for a person. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly operation: OperationId;
  readonly method: string;
  readonly path: string;
  readonly status: number | null;
  readonly kind: ApiErrorKind;
  readonly serviceMessage: string | null;
  readonly hint: string | null;

  constructor(info: ApiErrorInfo, options?: { cause?: unknown }) {
    super(formatApiError(info), options);
    this.operation = info.operation;
    this.method = info.method;
    this.path = info.path;
    this.status = info.status;
    this.kind = info.kind;
    this.serviceMessage = info.serviceMessage;
    this.hint = info.hint;
  }
}

function formatApiError(info: ApiErrorInfo): string {
  if (info.summary !== undefined) return info.hint ? `${info.summary} ${info.hint}` : info.summary;
  const what = `${info.operation} (${info.method} ${info.path})`;
  const how =
    info.status !== null
      ? `failed with HTTP ${info.status}`
      : info.kind === 'timeout'
        ? 'timed out'
        : info.kind === 'budget'
          ? 'was not sent'
          : 'could not reach the service';
  const parts = [`${what} ${how}`];
  if (info.serviceMessage) parts.push(`: ${info.serviceMessage}`);
  if (info.hint) parts.push(`. ${info.hint}`);
  return parts.join('');
}
