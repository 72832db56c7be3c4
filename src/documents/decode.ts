/**
 * Strict UTF-8 decoding with the position of the first bad byte. TextDecoder's fatal mode only says
 * "invalid"; a person fixing the file needs the line and column, so we find the byte ourselves.
 */

export type DecodeResult =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly offset: number; readonly line: number; readonly column: number };

const BOM = [0xef, 0xbb, 0xbf] as const;

export function hasBom(bytes: Uint8Array): boolean {
  return bytes[0] === BOM[0] && bytes[1] === BOM[1] && bytes[2] === BOM[2];
}

/** Refuses what firstInvalidByte refuses (both follow RFC 3629), natively: the common case, valid text. */
const STRICT = new TextDecoder('utf-8', { fatal: true });

export function decodeUtf8(bytes: Uint8Array): DecodeResult {
  // The BOM is not content: editors show the first character after it at column 1, and so do we.
  const body = hasBom(bytes) ? bytes.subarray(3) : bytes;
  try {
    return { ok: true, text: STRICT.decode(body) };
  } catch {
    // Not UTF-8: find the first bad byte ourselves, below.
  }
  const bad = firstInvalidByte(body);
  if (bad === -1) return { ok: true, text: new TextDecoder('utf-8').decode(body) };
  const prefix = new TextDecoder('utf-8').decode(body.subarray(0, bad));
  return { ok: false, offset: bad + (body === bytes ? 0 : 3), ...positionOf(prefix, prefix.length) };
}

/** The 1-based line and column (UTF-16 code units) of `index` in `text`. */
export function positionOf(text: string, index: number): { readonly line: number; readonly column: number } {
  const prefix = text.slice(0, index);
  return { line: countNewlines(prefix) + 1, column: prefix.length - (prefix.lastIndexOf('\n') + 1) + 1 };
}

function countNewlines(text: string): number {
  let count = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count++;
  return count;
}

/** Offset of the first byte that does not start or continue a well-formed UTF-8 sequence, or -1. */
export function firstInvalidByte(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    const length = sequenceLength(b);
    if (length === 0) return i;
    // Second-byte ranges exclude overlong forms, surrogates and code points above U+10FFFF (RFC 3629).
    const [low, high] = secondByteRange(b);
    for (let k = 1; k < length; k++) {
      const c = bytes[i + k];
      if (c === undefined) return i;
      const min = k === 1 ? low : 0x80;
      const max = k === 1 ? high : 0xbf;
      if (c < min || c > max) return i;
    }
    i += length;
  }
  return -1;
}

function sequenceLength(lead: number): number {
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 0;
}

function secondByteRange(lead: number): readonly [number, number] {
  if (lead === 0xe0) return [0xa0, 0xbf];
  if (lead === 0xed) return [0x80, 0x9f];
  if (lead === 0xf0) return [0x90, 0xbf];
  if (lead === 0xf4) return [0x80, 0x8f];
  return [0x80, 0xbf];
}
