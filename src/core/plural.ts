/**
 * The one way a count meets its noun in what the tool prints: `1 request`, `2 requests`, `0 files`.
 * A noun whose plural is not its singular plus "s" gives both (`plural(n, 'entry', 'entries')`).
 */
export function plural(n: number, noun: string, nouns = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : nouns}`;
}

/** A part of a count with its verb: `1 of 1 change was`, `1 of 3 changes was`, `2 of 3 changes were`. */
export function partOf(n: number, total: number, noun: string, nouns = `${noun}s`): string {
  return `${n} of ${plural(total, noun, nouns)} ${n === 1 ? 'was' : 'were'}`;
}
