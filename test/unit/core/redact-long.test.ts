/**
 * Secrets of any length and any characters: a pasted 100 KB token, one full of pattern characters, one
 * with line breaks, one in other scripts. None may make the redactor fail (a failure there fails open:
 * the error that says so is printed, and it once quoted every form of the token), and none may show in
 * any form the redactor knows, whatever text it sits in.
 */
import { describe, expect, it } from 'vitest';
import { printable } from '../../../src/core/printable.js';
import { encodedForms, REDACTED, Redactor } from '../../../src/core/redact.js';

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
const b64url = (s: string) => Buffer.from(s, 'utf8').toString('base64url');

/** A deterministic 100 KB token of token characters. */
function longToken(length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
  let out = 'qov_';
  let state = 7;
  while (out.length < length) {
    state = (state * 1103515245 + 12345) % 2147483648;
    out += alphabet[state % alphabet.length];
  }
  return out;
}

const ODD_SECRETS: readonly [string, string][] = [
  ['100 KB long', longToken(100_000)],
  ['made of pattern characters', '.*+?^$(){}|[]\\/'.repeat(200)],
  ['with line breaks', 'first-line-of-secret\nsecond\r\nthird\ttabbed'],
  ['with runner commands in it', '::add-mask::pass##[word]\r\n::x'],
  ['in other scripts and emoji', 'пароль-密码-🔑-كلمة-\u202e-\u0000-end'],
];

describe('the redactor with long and odd secrets', () => {
  it.each(ODD_SECRETS)('a secret %s is hidden in every form, in any text around it', (_what, secret) => {
    const redactor = new Redactor();
    expect(() => redactor.add(secret)).not.toThrow();
    const shown = [
      secret,
      encodeURIComponent(secret),
      JSON.stringify(secret),
      b64(secret),
      b64url(secret),
      b64(`Token ${secret}`),
      b64(JSON.stringify({ authorization: `Token ${secret}` })),
      // As a formatter shows it (before the whole text is redacted), at a line's start and within a line.
      printable(secret),
      printable(`name: ${secret}`).slice('name: '.length),
    ];
    for (const form of shown) {
      const out = redactor.redact(`before ${form} after`);
      expect(out).toContain(REDACTED);
      expect(out.length).toBeLessThan(form.length + 40);
      for (const known of [secret, ...encodedForms(secret)]) expect(out).not.toContain(known);
    }
  });

  it('many long secrets together are no harder than one', () => {
    const redactor = new Redactor();
    const secrets = Array.from({ length: 40 }, (_, i) => `${i}-${longToken(30_000)}`);
    for (const secret of secrets) redactor.add(secret);
    const text = secrets.map((s, i) => `line ${i}: ${s}`).join('\n');
    expect(redactor.redact(text).split('\n')).toEqual(secrets.map((_, i) => `line ${i}: ${REDACTED}`));
  });

  it('overlapping occurrences are hidden as one stretch, and text between secrets stays', () => {
    const redactor = new Redactor();
    redactor.add('abcd-1234');
    redactor.add('1234-wxyz');
    expect(redactor.redact('x abcd-1234-wxyz y abcd-1234 z')).toBe(`x ${REDACTED} y ${REDACTED} z`);
    expect(redactor.redact('abcd-12341234-wxyz')).toBe(`${REDACTED}${REDACTED}`);
  });

  it('leaves text shorter than any secret, and text without one, as it is', () => {
    const redactor = new Redactor();
    redactor.add(longToken(50_000));
    expect(redactor.redact('abc')).toBe('abc');
    expect(redactor.redact('qov_ but not the token')).toBe('qov_ but not the token');
  });
});
