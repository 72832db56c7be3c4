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

/** The secret as it is, with its white space collapsed, and made one line as the Markdown escaper does. */
function bases(secret: string): Set<string> {
  return new Set([secret, collapsedWhiteSpace(secret), markdownLine(secret)]);
}

/** A form as a JSON body quotes it and as our outputs show it within and at the start of a line. */
function quoted(forms: Set<string>, form: string): void {
  forms.add(form);
  forms.add(jsonEscaped(form));
  forms.add(safeLine(form));
  forms.add(withinLine(form));
}

/**
 * The text forms of one secret: each base as it is and as HTML in every entity style, each of those
 * quoted (JSON-escaped: a JSON body may carry a page), and URL-encoded (`%20` and `+` for a space).
 */
function textForms(secret: string): Set<string> {
  const forms = new Set<string>();
  for (const base of bases(secret)) {
    for (const form of [base, ...ENTITY_STYLES.map((entities) => htmlEscaped(base, entities))]) {
      quoted(forms, form);
    }
    const url = encodeURIComponent(base);
    forms.add(url);
    forms.add(url.replace(/%20/g, '+'));
  }
  return forms;
}

/**
 * The forms only Markdown holds (the job summary, the comment, the Checks run, the drift issue): each base
 * as markdown/escape.ts `escapeInline` writes it. Kept apart from the others because the runner never
 * shows Markdown: telling its mask of them would only lengthen the log's list of masks.
 */
export function markdownForms(secret: string): string[] {
  const forms = new Set<string>();
  for (const base of bases(secret)) quoted(forms, markdownInline(base));
  forms.delete(secret);
  return [...forms].filter((form) => form.length >= MIN_TEXT_LENGTH);
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
 * Every form of the secret but itself and its Markdown forms (markdownForms): base64 runs of at least
 * MIN_ENCODED_LENGTH characters, text forms of at least MIN_TEXT_LENGTH (a collapsed form is shorter than
 * the secret, and still the secret).
 */
export function encodedForms(secret: string): string[] {
  const forms = new Set<string>();
  for (const form of textForms(secret)) if (form.length >= MIN_TEXT_LENGTH) forms.add(form);
  for (const form of base64Forms(secret)) if (form.length >= MIN_ENCODED_LENGTH) forms.add(form);
  forms.delete(secret);
  return [...forms];
}
