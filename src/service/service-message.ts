import { collapsedWhiteSpace } from '../core/secret-forms.js';

/**
 * The service's own words from an error answer. The service publishes no error body schema; bodies seen
 * are `{status, error, message}`, `{status, detail}` and plain text (or a proxy's HTML page). Parsed
 * defensively: `detail`, then `message`, then `error`, then the raw text; one line, control characters
 * removed, length-capped, so that a hostile or broken body cannot flood or forge terminal output.
 */
export const SERVICE_MESSAGE_MAX_LENGTH = 300;

const MESSAGE_KEYS = ['detail', 'message', 'error'] as const;

/**
 * `redact` runs on the body and again after every step that changes how a quoted secret is written (JSON
 * unescaped, HTML entities decoded, white space collapsed), and before the cut, so that no secret the
 * request carried leaves in a form the step before did not see, nor half of one.
 */
export function parseServiceMessage(
  body: string,
  redact: (text: string) => string = (text) => text,
): string | null {
  const text = redact(body).trim();
  if (text === '') return null;
  const words = redact(fromJson(text) ?? fromMarkup(text) ?? text);
  const oneLine = redact(collapsedWhiteSpace(words));
  if (oneLine === '') return null;
  if (oneLine.length <= SERVICE_MESSAGE_MAX_LENGTH) return oneLine;
  return `${oneLine.slice(0, SERVICE_MESSAGE_MAX_LENGTH - 1).trimEnd()}…`;
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

/** A proxy's HTML error page: its title (or its text) says more than its markup; entities decoded. */
function fromMarkup(text: string): string | undefined {
  if (!/^<(!doctype|html|head|body|\?xml)/i.test(text)) return undefined;
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1];
  return decodeEntities(title?.trim() ? title : text.replace(/<[^>]*>/g, ' '));
}

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/** The entities a page writes text with: the named ones of HTML's special characters, and any numeric one. */
function decodeEntities(text: string): string {
  return text.replace(/&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|([a-z]+));/gi, (entity, decimal, hex, name) => {
    if (name !== undefined) return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
    const code = decimal !== undefined ? Number(decimal) : Number.parseInt(hex, 16);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}
