/**
 * JSON with object keys sorted at every depth, so that two documents that say the same thing in a different
 * key order produce the same text. Used to compare document content between revisions, to recognise
 * identical resolve requests and to compare a saved plan's receivers' changes with those made again; never
 * shown to a person (values may be sensitive).
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const sorted: Record<string, unknown> = Object.create(null);
  for (const key of Object.keys(value).sort()) {
    sorted[key] = sortKeys((value as Record<string, unknown>)[key]);
  }
  return sorted;
}
