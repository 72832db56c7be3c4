/**
 * The service's own words from an error answer. The service publishes no error body schema; bodies seen
 * are `{status, error, message}`, `{status, detail}` and plain text (or a proxy's HTML page). Parsed
 * defensively: `detail`, then `message`, then `error`, then the raw text; one line, control characters
 * removed, length-capped, so that a hostile or broken body cannot flood or forge terminal output.
 */
export const SERVICE_MESSAGE_MAX_LENGTH = 300;

const MESSAGE_KEYS = ['detail', 'message', 'error'] as const;

export function parseServiceMessage(body: string): string | null {
  const text = body.trim();
  if (text === '') return null;
  return clean(fromJson(text) ?? fromMarkup(text) ?? text);
}

function fromJson(text: string): string | undefined {
  if (!/^[[{"]/.test(text)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof parsed === 'string') return parsed;
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const record = parsed as Record<string, unknown>;
  for (const key of MESSAGE_KEYS) {
    const value = record[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
    // Some gateways nest the message: {"error": {"message": "…"}}.
    if (typeof value === 'object' && value !== null) {
      const nested = (value as Record<string, unknown>).message;
      if (typeof nested === 'string' && nested.trim() !== '') return nested;
    }
  }
  return undefined;
}

/** A proxy's HTML error page: its title (or its text) says more than its markup. */
function fromMarkup(text: string): string | undefined {
  if (!/^<(!doctype|html|head|body|\?xml)/i.test(text)) return undefined;
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1];
  return title?.trim() ? title : text.replace(/<[^>]*>/g, ' ');
}

function clean(text: string): string | null {
  const oneLine = text
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (oneLine === '') return null;
  if (oneLine.length <= SERVICE_MESSAGE_MAX_LENGTH) return oneLine;
  return `${oneLine.slice(0, SERVICE_MESSAGE_MAX_LENGTH - 1).trimEnd()}…`;
}
