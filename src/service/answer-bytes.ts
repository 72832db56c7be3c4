import type { Dispatcher } from 'undici';

/** The bytes of an answer: read within the size bound, and whether they say nothing at all. */

/** An answer longer than the run's bound (answer-size.ts): refused rather than buffered. */
export class BodyTooLargeError extends Error {
  constructor(
    readonly status: number,
    readonly limit: number,
  ) {
    super(`the body is larger than ${limit} bytes`);
  }
}

/**
 * The answer's bytes, refused past `limit`. With a declared length they are copied into one buffer as they
 * come: chunks kept and then joined would hold a long answer twice at the end (a rule list of 100 000
 * rules is about 81 MB). A body that turns out longer than declared is kept in chunks from there on.
 */
export async function readBytes(
  body: Dispatcher.ResponseData['body'],
  status: number,
  limit: number,
  declared: number | null,
): Promise<Buffer> {
  let whole = declared !== null && declared > 0 && declared <= limit ? Buffer.allocUnsafe(declared) : null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    if (size + buffer.length > limit) {
      body.destroy();
      throw new BodyTooLargeError(status, limit);
    }
    if (whole !== null && size + buffer.length <= whole.length) {
      whole.set(buffer, size);
    } else {
      if (whole !== null) chunks.push(whole.subarray(0, size));
      whole = null;
      chunks.push(buffer);
    }
    size += buffer.length;
  }
  // Only the bytes written: a body shorter than declared leaves the rest of the buffer unused.
  if (whole !== null) return whole.subarray(0, size);
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
}

/** The Content-Length of an answer, when it is one whole number. */
export function declaredLength(headers: Dispatcher.ResponseData['headers']): number | null {
  const value = headers['content-length'];
  return typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : null;
}

/** Nothing but whitespace (as String#trim sees it), without decoding a long body. */
export function isBlank(bytes: Buffer): boolean {
  let i = 0;
  while (i < bytes.length && ASCII_SPACE.includes(bytes[i]!)) i++;
  if (i === bytes.length) return true;
  // Past ASCII, trim also removes Unicode spaces (a no-break space, say): decode only then.
  return bytes[i]! >= 0x80 && bytes.toString('utf8', i).trim() === '';
}

/** What String#trim removes among ASCII bytes: tab, line feed, vertical tab, form feed, carriage return, space. */
const ASCII_SPACE: readonly number[] = [0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20];
