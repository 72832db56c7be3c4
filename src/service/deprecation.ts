import type { OperationId } from './types.js';

type Headers = Readonly<Record<string, string | string[] | undefined>>;

const MAX_HEADER_TEXT = 100;

/**
 * One sentence when an answer carries `Deprecation` (RFC 9745) or `Sunset` (RFC 8594), else null. The
 * header values are the service's text: shown trimmed and length-capped.
 */
export function deprecationWarning(operation: OperationId, headers: Headers): string | null {
  const deprecation = first(headers.deprecation);
  const sunset = first(headers.sunset);
  if (deprecation === null && sunset === null) return null;
  const parts = [
    deprecation !== null ? `Deprecation: ${deprecation}` : null,
    sunset !== null ? `Sunset: ${sunset}` : null,
  ].filter((p) => p !== null);
  const when = sunset !== null ? `it may stop answering after ${sunset}` : 'it may stop answering later';
  return (
    `The service marks ${operation} deprecated (${parts.join('; ')}): ${when}. This tool relies on it; ` +
    'watch for a release of the tool that uses its replacement.'
  );
}

function first(value: string | string[] | undefined): string | null {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!text) return null;
  return text.length > MAX_HEADER_TEXT ? `${text.slice(0, MAX_HEADER_TEXT)}…` : text;
}
