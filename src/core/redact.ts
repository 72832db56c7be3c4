/**
 * Everything that leaves the process (logs, annotations, summaries, comments, JSON) passes through one
 * redactor. Runner masking covers only the runner's own log; comments and Checks output posted through the
 * API are not masked by the runner, so we redact ourselves.
 */
export const REDACTED = '***';

/** Values shorter than this are not registered: masking "a" or "true" would mangle every message. */
const MIN_SECRET_LENGTH = 4;

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
   * The secrets longest first, and one pattern that finds any of them, made on the first redaction after
   * an add: a run with hundreds of components holds thousands of forms, and a JSON report is redacted string
   * by string, so neither may be rebuilt per call.
   */
  #ordered: { readonly secrets: readonly string[]; readonly any: RegExp } | null = null;

  constructor(options: RedactorOptions = {}) {
    this.#onAdd = options.onAdd;
  }

  /**
   * Registers a value that must never be shown, and its common encodings: an error body or a log may
   * echo a header or a URL (`Authorization: Basic …`, `?token=…`) in base64, base64url or URL-encoded.
   */
  add(value: string | null | undefined): void {
    if (typeof value !== 'string') return;
    const trimmed = value.trim();
    if (trimmed.length < MIN_SECRET_LENGTH || this.#secrets.has(trimmed)) return;
    for (const form of [trimmed, ...encodedForms(trimmed)]) {
      if (form.length < MIN_SECRET_LENGTH || this.#secrets.has(form)) continue;
      this.#secrets.add(form);
      this.#ordered = null;
      this.#onAdd?.(form);
    }
  }

  get size(): number {
    return this.#secrets.size;
  }

  /** Replaces every registered secret, longest first so that a secret containing another is fully hidden. */
  redact(text: string): string {
    if (this.#secrets.size === 0 || text.length === 0) return text;
    this.#ordered ??= ordered(this.#secrets);
    // One scan answers for most text, which holds no secret at all.
    if (!this.#ordered.any.test(text)) return text;
    let out = text;
    for (const secret of this.#ordered.secrets) {
      if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    }
    return out;
  }
}

function ordered(secrets: ReadonlySet<string>): { secrets: string[]; any: RegExp } {
  const longestFirst = [...secrets].sort((a, b) => b.length - a.length);
  const escaped = longestFirst.map((secret) => secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return { secrets: longestFirst, any: new RegExp(escaped.join('|')) };
}

/** Encoded forms shorter than this are not registered: a few base64 characters occur in any text. */
const MIN_ENCODED_LENGTH = 8;

/**
 * The URL-encoded form, and the base64 and base64url runs that the secret's bytes produce wherever they
 * sit in a longer encoded text (`Token <secret>`, a JSON body): base64 works in groups of three bytes, so
 * for each of the three alignments we keep only the characters made of the secret's bytes alone.
 */
export function encodedForms(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const forms = new Set<string>([encodeURIComponent(secret)]);
  for (let offset = 0; offset < 3; offset++) {
    // `offset` filler bytes before the secret; the first group then mixes filler and secret: skip it.
    const padded = Buffer.concat([Buffer.alloc(offset), bytes]);
    const skip = offset === 0 ? 0 : 4;
    const whole = Math.floor(padded.length / 3) * 4;
    const base64 = padded.toString('base64').slice(skip, whole);
    forms.add(base64);
    forms.add(base64.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return [...forms].filter((form) => form !== secret && form.length >= MIN_ENCODED_LENGTH);
}
