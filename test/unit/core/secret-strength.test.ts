import { describe, expect, it } from 'vitest';
import {
  MIN_PLAIN_SECRET_CHARS,
  MIN_SECRET_CHARS,
  tooWeakToHide,
} from '../../../src/core/secret-strength.js';

describe('a secret too short or too common to hide', () => {
  it.each([
    ['a word of rule names', 'latency'],
    ['one short word', 'hunter'],
    ['seven characters of anything', 'a1%b2&c'],
    ['letters only, under 16', 'latencyalerts'],
    ['words joined by separators, under 16', 'high-latency'],
    ['accented letters only', 'sécurité'],
    ['digits only, under 16', '20260101'],
    ['a number with separators', '1234-5678.90'],
    ['blank around a short value', '  pin42  '],
  ])('refuses %s', (_what, value) => {
    const why = tooWeakToHide(value);
    expect(why).not.toBeNull();
    // The reason never quotes the value.
    expect(why).not.toContain(value.trim());
  });

  it.each([
    ['a webhook address', 'https://hooks.slack.example/services/T0/B0/x'],
    ['eight characters mixing letters and digits', 'a1b2c3d4'],
    ['eight characters mixing letters and signs', 'lat%ency'],
    ['a long passphrase of letters', 'correct horse battery staple'],
    ['sixteen digits', '1234567890123456'],
  ])('accepts %s', (_what, value) => {
    expect(tooWeakToHide(value)).toBeNull();
  });

  it('states the bounds it applies', () => {
    expect(tooWeakToHide('x'.repeat(MIN_SECRET_CHARS - 1))).toContain(`${MIN_SECRET_CHARS} characters`);
    expect(tooWeakToHide('x'.repeat(MIN_PLAIN_SECRET_CHARS - 1))).toContain(`${MIN_PLAIN_SECRET_CHARS}`);
    expect(tooWeakToHide('x'.repeat(MIN_PLAIN_SECRET_CHARS))).toBeNull();
  });
});
