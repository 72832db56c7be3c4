import { safeLine, withinLine } from './printable.js';

/**
 * Every form a secret can take on its way from a request to a person: a service's error body quotes it
 * JSON-escaped, URL-encoded or HTML-entity-escaped (a proxy's page); our own cleaning of a message collapses
 * its white space (service/service-message.ts) or makes it one line (markdown/escape.ts); the Markdown
 * escaper writes `&`, `<`, `>` as entities and `_`, `*`, `|`… with a backslash; the output boundary writes
 * a control character as `\uXXXX`. The redactor registers them all, and their combinations, so that no
 * order of decoding, cleaning and escaping can show a secret it was told of.
 */

/** Base64 runs shorter than this are not registered: a few base64 characters occur in any text. */
export const MIN_ENCODED_LENGTH = 8;

/** Text forms shorter than this are not registered: masking "a b" would mangle every message. */
export const MIN_TEXT_LENGTH = 4;

/**
 * What a message's cleaning leaves of a secret: controls, line and paragraph separators and invisible
 * marks as spaces, every run of white space as one space, trimmed (service/service-message.ts).
 */
export function collapsedWhiteSpace(text: string): string {
  return text
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * What the Markdown escaper's one-line form leaves of a secret (markdown/escape.ts `oneLine`): controls,
 * ANSI sequences and bidirectional marks dropped, line breaks with the blanks around them and tabs as spaces.
 */
function markdownLine(text: string): string {
  return text
    .replace(/\u001b\[[0-?]*[ -/]*[@-~]/g, '')
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/[ \t]*(?:\r\n?|\n)+[ \t]*/g, ' ')
    .replace(/\t/g, ' ');
}

/**
 * Escaped as markdown/escape.ts `escapeInline` escapes inline text: entities, then backslashes, then a
 * zero-width space (an entity) after `@` and before `://` and the dot of `www.` (`inertMentionsAndLinks`).
 */
function markdownInline(text: string): string {
  return htmlEscaped(text, MINIMAL)
    .replace(/[\\`*_[\]|#~]/g, '\\$&')
    .replace(/@(?=[A-Za-z0-9_-])/g, '@&#8203;')
    .replace(/:\/\//g, '&#8203;://')
    .replace(/(www)\./gi, '$1&#8203;.');
}

type Entities = Readonly<Record<string, string>>;

/** `&`, `<`, `>` only: what our Markdown escaper and many templates write (quotes stay). */
const MINIMAL: Entities = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/**
 * The ways servers, proxies and our own `<code>` elements (markdown/escape.ts `htmlCode`) commonly write
 * the five HTML-significant characters: `&quot;` alone (ours), named with `&#39;` (Java, PHP), `&#x27;`
 * (Python), decimal quotes (Go), `&apos;` (XML), and all numeric, decimal or hex.
 */
const ENTITY_STYLES: readonly Entities[] = [
  MINIMAL,
  { ...MINIMAL, '"': '&quot;' },
  { ...MINIMAL, '"': '&quot;', "'": '&#39;' },
  { ...MINIMAL, '"': '&quot;', "'": '&#x27;' },
  { ...MINIMAL, '"': '&#34;', "'": '&#39;' },
  { ...MINIMAL, '"': '&quot;', "'": '&apos;' },
  { '&': '&#38;', '<': '&#60;', '>': '&#62;', '"': '&#34;', "'": '&#39;' },
  { '&': '&#x26;', '<': '&#x3c;', '>': '&#x3e;', '"': '&#x22;', "'": '&#x27;' },
];

function htmlEscaped(text: string, entities: Entities): string {
  return text.replace(/[&<>"']/g, (c) => entities[c] ?? c);
}

/** A JSON string's inside: how a JSON body quotes the text. */
function jsonEscaped(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

/**
 * The text forms of one secret: as it is, white space collapsed and made one line, each of those as HTML
 * in every entity style, as Markdown, JSON-escaped (the HTML forms too: a JSON body may carry a page),
 * URL-encoded (`%20` and `+` for a space) and as our outputs show it within and at the start of a line.
 */
export function textForms(secret: string): Set<string> {
  const bases = new Set([secret, collapsedWhiteSpace(secret), markdownLine(secret)]);
  const forms = new Set<string>();
  for (const base of bases) {
    const html = ENTITY_STYLES.map((entities) => htmlEscaped(base, entities));
    for (const form of [base, ...html, markdownInline(base)]) {
      forms.add(form);
      forms.add(jsonEscaped(form));
      forms.add(safeLine(form));
      forms.add(withinLine(form));
    }
    const url = encodeURIComponent(base);
    forms.add(url);
    forms.add(url.replace(/%20/g, '+'));
  }
  return forms;
}

/**
 * The base64 and base64url runs that the secret's bytes, as they are or as a JSON body holds them, produce
 * wherever they sit in a longer encoded text (`Token <secret>`, a JSON body): base64 works in groups of
 * three bytes, so for each of the three alignments we keep only the characters made of the secret's bytes
 * alone.
 */
function base64Forms(secret: string): Set<string> {
  const forms = new Set<string>();
  for (const text of new Set([secret, jsonEscaped(secret)])) {
    const bytes = Buffer.from(text, 'utf8');
    for (let offset = 0; offset < 3; offset++) {
      // `offset` filler bytes before the secret; the first group then mixes filler and secret: skip it.
      const padded = Buffer.concat([Buffer.alloc(offset), bytes]);
      const skip = offset === 0 ? 0 : 4;
      const whole = Math.floor(padded.length / 3) * 4;
      const base64 = padded.toString('base64').slice(skip, whole);
      forms.add(base64);
      forms.add(base64.replace(/\+/g, '-').replace(/\//g, '_'));
    }
  }
  return forms;
}

/**
 * Every form of the secret but itself: base64 runs of at least MIN_ENCODED_LENGTH characters, text forms
 * of at least MIN_TEXT_LENGTH (a collapsed form is shorter than the secret, and still the secret).
 */
export function encodedForms(secret: string): string[] {
  const forms = new Set<string>();
  for (const form of textForms(secret)) if (form.length >= MIN_TEXT_LENGTH) forms.add(form);
  for (const form of base64Forms(secret)) if (form.length >= MIN_ENCODED_LENGTH) forms.add(form);
  forms.delete(secret);
  return [...forms];
}
