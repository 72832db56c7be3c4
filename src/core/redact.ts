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

  constructor(options: RedactorOptions = {}) {
    this.#onAdd = options.onAdd;
  }

  /** Registers a value that must never be shown. */
  add(value: string | null | undefined): void {
    if (typeof value !== 'string') return;
    const trimmed = value.trim();
    if (trimmed.length < MIN_SECRET_LENGTH || this.#secrets.has(trimmed)) return;
    this.#secrets.add(trimmed);
    this.#onAdd?.(trimmed);
  }

  get size(): number {
    return this.#secrets.size;
  }

  /** Replaces every registered secret, longest first so that a secret containing another is fully hidden. */
  redact(text: string): string {
    if (this.#secrets.size === 0 || text.length === 0) return text;
    let out = text;
    for (const secret of [...this.#secrets].sort((a, b) => b.length - a.length)) {
      if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    }
    return out;
  }
}
