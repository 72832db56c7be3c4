// The service's published OpenAPI description, which the contract test (test/contract/) validates every
// request and answer against, checked against the checksum the repository pins
// (docs/decisions/service-description-in-ci.md).
//   node scripts/service-description.mjs check FILE      the file (YAML or JSON) is the pinned description
//   node scripts/service-description.mjs fetch OUT [URL] fetches URL (default the service's
//     https://api.qovery.com/openapi.json), writes it to OUT only when it is the pinned description
// The checksum is that of the description's canonical JSON (keys sorted at every depth, no white space):
// the same for the YAML beside the repository (../shared/reference/service-openapi.yaml) and for the
// JSON the service serves, however either is laid out.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const DEFAULT_URL = 'https://api.qovery.com/openapi.json';
const PIN_FILE = fileURLToPath(new URL('../test/contract/service-openapi.sha256', import.meta.url));

/** The pinned checksum: the first word of the pin file's first line that is not a comment. */
export function pinnedChecksum(text = readFileSync(PIN_FILE, 'utf8')) {
  const line = text.split('\n').find((l) => l.trim() !== '' && !l.startsWith('#'));
  const sha256 = line?.trim().split(/\s+/)[0] ?? '';
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error(`${PIN_FILE}: no sha256 checksum in it`);
  return sha256;
}

/** Keys sorted at every depth, as src/core/canonical-json.ts sorts them (this script runs without a build). */
function sortKeys(value) {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const sorted = Object.create(null);
  for (const key of Object.keys(value).sort()) sorted[key] = sortKeys(value[key]);
  return sorted;
}

/** The sha256 of a description's canonical JSON; `source` names it in the error when it is not one. */
export function descriptionChecksum(text, source) {
  let document;
  try {
    // JSON is YAML: one parser reads both forms.
    document = parse(text);
  } catch (error) {
    throw new Error(`${source}: not YAML or JSON: ${error.message.split('\n')[0]}`);
  }
  if (document === null || typeof document !== 'object' || typeof document.openapi !== 'string')
    throw new Error(`${source}: not an OpenAPI description (no "openapi" field)`);
  return createHash('sha256')
    .update(JSON.stringify(sortKeys(document)))
    .digest('hex');
}

/** Throws, saying both checksums and what to do, unless `text` is the pinned description. */
export function verifyDescription(text, source, pinned = pinnedChecksum()) {
  const found = descriptionChecksum(text, source);
  if (found !== pinned)
    throw new Error(
      `${source}: the description's checksum is ${found}, the pinned one ${pinned}. ` +
        'The service has published another description: review what changed, then record the new checksum ' +
        'in test/contract/service-openapi.sha256 (docs/decisions/service-description-in-ci.md).',
    );
  return found;
}

/** Fetches the description and writes it to `out` only when it is the pinned one. */
export async function fetchDescription(url, out, pinned = pinnedChecksum()) {
  let answer;
  try {
    answer = await fetch(url, { headers: { accept: 'application/json' }, redirect: 'follow' });
  } catch (error) {
    throw new Error(`${url}: no answer (${error.cause?.message ?? error.message})`);
  }
  if (!answer.ok) throw new Error(`${url}: HTTP ${answer.status} ${answer.statusText}`.trimEnd());
  const text = await answer.text();
  const sha256 = verifyDescription(text, url, pinned);
  writeFileSync(out, text);
  return sha256;
}

async function main([command, path, url = DEFAULT_URL]) {
  if (command === 'check' && path) {
    const sha256 = verifyDescription(readFileSync(path, 'utf8'), path);
    console.log(`${path}: the pinned description (sha256 ${sha256})`);
  } else if (command === 'fetch' && path) {
    const sha256 = await fetchDescription(url, path);
    console.log(`${url}: the pinned description (sha256 ${sha256}), written to ${path}`);
  } else {
    throw new Error('usage: node scripts/service-description.mjs check FILE | fetch OUT [URL]');
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(`service-description: ${error.message}`);
    process.exitCode = 1;
  });
}
