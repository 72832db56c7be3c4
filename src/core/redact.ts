import { encodedForms, MIN_TEXT_LENGTH, markdownForms } from './secret-forms.js';

export { encodedForms } from './secret-forms.js';

/**
 * Everything that leaves the process (logs, annotations, summaries, comments, JSON) passes through one
 * redactor. Runner masking covers only the runner's own log; comments and Checks output posted through the
 * API are not masked by the runner, so we redact ourselves.
 */
export const REDACTED = '***';

/** Values shorter than this are not registered: masking "a" or "true" would mangle every message. */
const MIN_SECRET_LENGTH = MIN_TEXT_LENGTH;

export interface RedactorOptions {
  /**
   * Told of every newly registered secret. The action passes the runner's mask (core.setSecret), so that
   * a value learned during the run (a sensitive component field) is masked in every later log line of the
   * job too, the post step's included.
   */
  readonly onAdd?: (secret: string) => void;
}

export class Redactor {
  readonly #secrets = new Set<string>();
  readonly #onAdd: ((secret: string) => void) | undefined;
  /**
   * The index of the secrets, made on the first redaction after an add: a run with hundreds of components
   * holds thousands of forms, and a JSON report is redacted string by string, so it may not be rebuilt per
   * call.
   */
  #index: SecretIndex | null = null;

  constructor(options: RedactorOptions = {}) {
    this.#onAdd = options.onAdd;
  }

  /**
   * Registers a value that must never be shown, and every form it can take (core/secret-forms.ts): an
   * error body or a log may echo a header or a URL (`Authorization: Basic …`, `?token=…`) in base64,
   * base64url or URL-encoded, a JSON body escapes it, an HTML page writes entities, our cleaning of a
   * message collapses its white space, and our text, JSON and Markdown forms escape what they must.
   */
  add(value: string | null | undefined): void {
    if (typeof value !== 'string') return;
    const trimmed = value.trim();
    if (trimmed.length < MIN_SECRET_LENGTH || this.#secrets.has(trimmed)) return;
    for (const form of [trimmed, ...encodedForms(trimmed)]) this.#register(form, true);
    for (const form of markdownForms(trimmed)) this.#register(form, false);
  }

  /** One form; the runner's mask is told of it unless it is a form only Markdown holds. */
  #register(form: string, tellRunner: boolean): void {
    if (form.length < MIN_SECRET_LENGTH || this.#secrets.has(form)) return;
    this.#secrets.add(form);
    this.#index = null;
    if (tellRunner) this.#onAdd?.(form);
  }

  /**
   * A value that may span lines (a key, a certificate): registered whole and line by line, since a log may
   * quote one line of it.
   */
  addWithLines(value: string): void {
    this.add(value);
    if (value.includes('\n')) for (const line of value.split(/\r?\n/)) this.add(line);
  }

  get size(): number {
    return this.#secrets.size;
  }

  /**
   * Replaces every registered secret wherever it occurs; where occurrences overlap (a secret containing
   * another, two forms sharing characters), the whole stretch they cover becomes one mark.
   */
  redact(text: string): string {
    if (this.#secrets.size === 0 || text.length < MIN_SECRET_LENGTH) return text;
    this.#index ??= new SecretIndex(this.#secrets);
    return this.#index.redact(text);
  }
}

/**
 * The secrets by their first MIN_SECRET_LENGTH characters, longest first in each group. One scan of the
 * text looks each position's key up once; whatever the number or the length of the secrets (a pasted
 * 100 KB token, thousands of component values), nothing is compiled and nothing can be too large. A single
 * pattern of all the secrets was made before: past some 30,000 characters of secrets it could not be
 * compiled, and the error that said so quoted the pattern, secrets and all.
 */
class SecretIndex {
  readonly #byKey = new Map<string, string[]>();
  /** The first character of every key: most positions of most text are passed over on this alone. */
  readonly #firstChars = new Set<number>();

  constructor(secrets: Iterable<string>) {
    for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
      const key = secret.slice(0, MIN_SECRET_LENGTH);
      const group = this.#byKey.get(key);
      if (group) group.push(secret);
      else this.#byKey.set(key, [secret]);
      this.#firstChars.add(secret.charCodeAt(0));
    }
  }

  redact(text: string): string {
    let out = '';
    let copied = 0;
    // The stretch being hidden: [start, end), start < 0 when none is open.
    let start = -1;
    let end = 0;
    const last = text.length - MIN_SECRET_LENGTH;
    for (let at = 0; at <= last; at++) {
      if (!this.#firstChars.has(text.charCodeAt(at))) continue;
      const group = this.#byKey.get(text.slice(at, at + MIN_SECRET_LENGTH));
      const found = group?.find((secret) => text.startsWith(secret, at));
      if (found === undefined) continue;
      if (start >= 0) {
        if (at < end) {
          end = Math.max(end, at + found.length);
          continue;
        }
        out += text.slice(copied, start) + REDACTED;
        copied = end;
      }
      start = at;
      end = at + found.length;
    }
    if (start < 0) return text;
    return `${out}${text.slice(copied, start)}${REDACTED}${text.slice(end)}`;
  }
}
