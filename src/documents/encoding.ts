/**
 * Text this tool cannot read as UTF-8 YAML although a decoder would turn it into characters: UTF-16 and
 * UTF-32 (with or without a byte order mark, told apart as YAML 1.2 §5.2 does, from the first bytes), and
 * NUL bytes, which YAML text never holds. A file in one of these read as UTF-8 becomes a string with a NUL
 * between each character that matches nothing, and the file would be passed over as someone else's: it is
 * reported instead, saying what was found and how to fix it.
 */
import { hasBom } from './decode.js';

export type ForeignEncoding = 'UTF-16LE' | 'UTF-16BE' | 'UTF-32LE' | 'UTF-32BE';

export interface EncodingFound {
  readonly encoding: ForeignEncoding;
  readonly byteOrderMark: boolean;
}

/** UTF-16 or UTF-32 from the file's first four bytes, or null (UTF-8, with or without its BOM). */
export function foreignEncoding(bytes: Uint8Array): EncodingFound | null {
  if (bytes.length < 2 || hasBom(bytes)) return null;
  const [b0, b1, b2, b3] = [bytes[0]!, bytes[1]!, bytes[2], bytes[3]];
  const found = (encoding: ForeignEncoding, byteOrderMark: boolean) => ({ encoding, byteOrderMark });
  if (b0 === 0x00 && b1 === 0x00 && b2 === 0xfe && b3 === 0xff) return found('UTF-32BE', true);
  if (b0 === 0xff && b1 === 0xfe && b2 === 0x00 && b3 === 0x00) return found('UTF-32LE', true);
  if (b0 === 0xfe && b1 === 0xff) return found('UTF-16BE', true);
  if (b0 === 0xff && b1 === 0xfe) return found('UTF-16LE', true);
  if (b0 === 0x00 && b1 === 0x00 && b2 === 0x00 && b3 !== undefined && b3 !== 0x00)
    return found('UTF-32BE', false);
  if (b0 !== 0x00 && b1 === 0x00 && b2 === 0x00 && b3 === 0x00) return found('UTF-32LE', false);
  if (b0 === 0x00 && b1 !== 0x00) return found('UTF-16BE', false);
  if (b0 !== 0x00 && b1 === 0x00) return found('UTF-16LE', false);
  return null;
}

/** The text of bytes this tool reads (no UTF-16 or UTF-32, no NUL byte, valid UTF-8), else null. */
export function readableText(bytes: Uint8Array): string | null {
  if (foreignEncoding(bytes) !== null || bytes.includes(0x00)) return null;
  try {
    return STRICT.decode(bytes);
  } catch {
    return null;
  }
}

const STRICT = new TextDecoder('utf-8', { fatal: true });

export function foreignEncodingMessage({ encoding, byteOrderMark }: EncodingFound): string {
  const name = encoding.replace(/(LE|BE)$/, ' $1');
  const mark = byteOrderMark ? 'with a byte order mark' : 'without a byte order mark';
  return (
    `saved as ${name} (${mark}), not UTF-8: this tool reads YAML as UTF-8 only, so nothing of this file was checked; ` +
    `save it as UTF-8 (an editor's "Save with Encoding", or \`iconv -f ${encoding} -t UTF-8\`)`
  );
}

export function nulByteMessage(offset: number): string {
  return (
    `a NUL byte (0x00) at offset ${offset}: YAML text holds none, so this is a binary file or text in another ` +
    'encoding, and nothing of it was checked; save it as UTF-8 text'
  );
}
