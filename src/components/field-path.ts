import type { PathSegment } from '../documents/types.js';

/**
 * The service names a field in a violation by `fieldPath`: the bare key for a profile field (`storage`
 * means `profileConfig.storage`), `clusterInputs.<key>` for a cluster input. Nested profile fields are
 * written with dots (`resources.limits`), and we also read `[n]` or a numeric segment as an item of a list.
 * Anything else is a form we do not know: the caller points at the document and quotes the path.
 */
export function parseFieldPath(fieldPath: string): PathSegment[] | null {
  if (fieldPath.startsWith('clusterInputs.')) {
    // Cluster inputs are a flat string map, so everything after the prefix is one key (it may hold dots).
    const key = fieldPath.slice('clusterInputs.'.length);
    return key !== '' && !/\s/.test(key) ? ['clusterInputs', key] : null;
  }
  if (fieldPath === 'clusterInputs' || fieldPath === 'profileConfig') return [fieldPath];
  const rest = fieldPath.startsWith('profileConfig.') ? fieldPath.slice('profileConfig.'.length) : fieldPath;
  const segments = parseDotted(rest);
  return segments === null ? null : ['profileConfig', ...segments];
}

const SEGMENT = /^([^.[\]\s]+)((?:\[\d+\])*)$/;

function parseDotted(text: string): PathSegment[] | null {
  if (text === '') return null;
  const out: PathSegment[] = [];
  for (const part of text.split('.')) {
    const match = SEGMENT.exec(part);
    if (!match) return null;
    out.push(match[1]!);
    for (const index of (match[2] ?? '').matchAll(/\[(\d+)\]/g)) out.push(Number(index[1]));
  }
  return out;
}

/**
 * The longest prefix of `path` that exists in `root`, with numeric segments turned into list indexes where
 * the value there is a list. Annotations point at the deepest node a person can find in the file.
 */
export function existingPrefix(root: unknown, path: readonly PathSegment[]): PathSegment[] {
  const prefix: PathSegment[] = [];
  let node = root;
  for (const segment of path) {
    if (Array.isArray(node)) {
      const index = typeof segment === 'number' ? segment : /^\d+$/.test(segment) ? Number(segment) : -1;
      if (index < 0 || index >= node.length) break;
      prefix.push(index);
      node = node[index];
    } else if (node !== null && typeof node === 'object' && Object.hasOwn(node, String(segment))) {
      prefix.push(String(segment));
      node = (node as Record<string, unknown>)[String(segment)];
    } else {
      break;
    }
  }
  return prefix;
}

/** `profileConfig.resources.limits`, `clusterInputs.s3BucketName`, `profileConfig.pools[0].name`. */
export function formatPath(path: readonly PathSegment[]): string {
  return path.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');
}
