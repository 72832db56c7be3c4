/**
 * What the client tolerated at the boundary (an enum value or a descriptor type this version does not
 * know), each said once per client (one per run) however many items carried it, with how many did.
 */
export class Notices {
  readonly #counts = new Map<string, { text: string; count: number }>();

  add(key: string, text: string): void {
    const seen = this.#counts.get(key);
    if (seen) seen.count++;
    else this.#counts.set(key, { text, count: 1 });
  }

  list(): readonly string[] {
    return [...this.#counts.values()].map(({ text, count }) =>
      count > 1 ? `${text} (${count} times)` : text,
    );
  }
}
