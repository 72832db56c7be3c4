import { type Diagnostic, diagnostic } from '../core/diagnostic.js';
import type { Redactor } from '../core/redact.js';
import type { ApiError } from '../service/errors.js';
import type { NotFoundExplanation } from './catalog-explanation.js';
import type { ComponentTarget } from './component-target.js';
import { anchor } from './violations.js';

/** How a failed resolve is reported; the class decides the place, the code and whether it stops others. */
export type FailureClass =
  | 'not-found'
  | 'bad-request'
  | 'unavailable'
  | 'unreachable'
  | 'auth'
  | 'rate-limited'
  | 'other';

export function classifyFailure(error: ApiError): FailureClass {
  switch (error.status) {
    case 404:
      return 'not-found';
    case 400:
      return 'bad-request';
    case 503:
      return 'unavailable';
    case 401:
    case 403:
      return 'auth';
    case 429:
      return 'rate-limited';
    default:
      if (error.kind === 'budget') return 'rate-limited';
      // No connection even after the client's retries: the next request would meet the same.
      return error.kind === 'network' ? 'unreachable' : 'other';
  }
}

const SHORT_REASON: Readonly<Record<FailureClass, string>> = {
  'not-found': 'Not in the catalog',
  'bad-request': 'Rejected by the service',
  unavailable: 'Catalog unavailable',
  unreachable: 'Service unreachable',
  auth: 'Access denied',
  'rate-limited': 'Rate limit reached',
  other: 'Request failed',
};

/** One short sentence for a result line: the class and the status (or how the request failed). */
export function failureReason(error: ApiError): string {
  return `${SHORT_REASON[classifyFailure(error)]} (${error.status !== null ? `HTTP ${error.status}` : error.kind}).`;
}

/**
 * The one finding for a resolve that failed. `notFound` is what the template list told about a 404, or
 * null when it could not tell; `catalogError` is why the list itself failed. Every message names the
 * component, so a run with many failures still reads as a list of fixes.
 */
export function failureDiagnostic(
  target: ComponentTarget,
  error: ApiError,
  redactor: Redactor,
  notFound: NotFoundExplanation | null = null,
  catalogError: ApiError | null = null,
): Diagnostic {
  const spec = target.document.value;
  const what = `component \`${spec.component}\` of ${spec.template.key} ${spec.template.version}`;
  const file = target.document.file;
  const service = error.serviceMessage ? `: ${error.serviceMessage}` : '';
  const report = (path: readonly (string | number)[], code: string, message: string, title: string) =>
    diagnostic('error', file, anchor(target, path), code, redactor.redact(message), title);
  switch (classifyFailure(error)) {
    case 'not-found':
      if (notFound)
        return report(
          notFound.path,
          'component.not-found',
          notFound.message,
          'Unknown template or component',
        );
      return report(
        ['component'],
        'component.not-found',
        `The service does not know ${what} (HTTP 404${service}).` +
          (catalogError
            ? ` The template list could not be read to say what exists: ${catalogError.message}`
            : " The organization's template list names it, so check the organization and the token's access."),
        'Unknown template or component',
      );
    case 'bad-request':
      return report(
        [],
        'component.bad-request',
        `The service rejected ${what} (HTTP 400)${service}.`,
        'Rejected by the service',
      );
    case 'unavailable':
      return report(
        [],
        'component.catalog-unavailable',
        `Catalog unavailable: the service answered HTTP 503 for ${what}, also after retries, so it was not checked. ` +
          'The other components are reported as usual; run the job again later.',
        'Catalog unavailable',
      );
    case 'auth':
      return report([], 'component.access-denied', error.message, 'Access denied');
    case 'unreachable':
      return report(
        [],
        'component.service-unreachable',
        `${error.message} Components not resolved yet in this run were not sent.`,
        'Service unreachable',
      );
    case 'rate-limited':
      return report(
        [],
        'component.rate-limited',
        `${error.message} Components not resolved yet in this run were not sent; run the job again after the limit resets.`,
        'Rate limit reached',
      );
    default:
      return report(
        [],
        'component.request-failed',
        `Could not resolve ${what}: ${error.message}`,
        'Resolve failed',
      );
  }
}
