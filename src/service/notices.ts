/**
 * What the client tolerated at the boundary (an enum value or a descriptor type this version does not
 * know), each said once per client however many items carried it.
 */
export class Notices {
  readonly #seen = new Set<string>();
  readonly #list: string[] = [];

  add(key: string, text: string): void {
    if (this.#seen.has(key)) return;
    this.#seen.add(key);
    this.#list.push(text);
  }

  list(): readonly string[] {
    return [...this.#list];
  }
}
