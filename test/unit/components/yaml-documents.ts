import { parseFiles } from '../../../src/documents/parse.js';
import type { PlatformComponentDocument } from '../../../src/documents/types.js';

/**
 * PlatformComponent documents from inline YAML through the real loader, so that the lines and columns the
 * component tests assert are the ones a user sees. Any loader finding fails the test: the inputs must be
 * valid documents.
 */
export function componentDocuments(files: Readonly<Record<string, string>>): PlatformComponentDocument[] {
  const encoder = new TextEncoder();
  const loaded = parseFiles(
    Object.entries(files).map(([path, text]) => ({ path, bytes: encoder.encode(text) })),
  );
  if (loaded.diagnostics.length > 0) {
    const first = loaded.diagnostics[0]!;
    throw new Error(`${first.file}:${first.line}:${first.column} ${first.code}: ${first.message}`);
  }
  return loaded.documents.filter((d): d is PlatformComponentDocument => d.kind === 'PlatformComponent');
}
