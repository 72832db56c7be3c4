/**
 * The seed of a sandbox a person uses (`demo`, and `platform-gitops sandbox` without `--seed`): the
 * built-in seed, except that the field kind the seed describes on purpose with a type the contract does
 * not list (`duration`, so that tests prove unknown kinds are tolerated) is described as a string. The
 * notice such a kind earns is right for a user of the real service, who can report it; a newcomer trying
 * the example against the sandbox, watching the demo or planning by hand, can do nothing with it, so
 * neither sandbox sends one. Tests start the sandbox on the built-in seed itself.
 */

import { isKnownFieldType } from '../../service/decode/platform-fields.js';
import { defaultSeedDir } from '../seed-dir.js';
import type { SandboxSeed } from '../types.js';
import { readSeedDirectory } from './load-seed.js';

type Json = Record<string, unknown>;

export async function shownSeed(): Promise<SandboxSeed> {
  // Sections may sit in any file, lists concatenated (as the sandbox reads a seed directory).
  const sections: Record<string, unknown[]> = {};
  for (const part of await readSeedDirectory(defaultSeedDir())) {
    for (const [name, items] of Object.entries((part.value ?? {}) as Json)) {
      if (name.startsWith('x-') || !Array.isArray(items)) continue;
      sections[name] = [...(sections[name] ?? []), ...items];
    }
  }
  const templates = (sections.templates ?? []).map(withKnownFieldKinds);
  return { ...sections, templates } as unknown as SandboxSeed;
}

/** A copy of a catalog value where every field descriptor of an unknown type says `string`. */
function withKnownFieldKinds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withKnownFieldKinds);
  if (value === null || typeof value !== 'object') return value;
  const copy: Json = {};
  for (const [key, inner] of Object.entries(value as Json)) copy[key] = withKnownFieldKinds(inner);
  const isField = typeof copy.key === 'string' && typeof copy.type === 'string' && !('scope' in copy);
  return isField && !isKnownFieldType(copy.type as string) ? { ...copy, type: 'string' } : copy;
}
