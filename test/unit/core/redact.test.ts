import { describe, expect, it } from 'vitest';
import { REDACTED, Redactor } from '../../../src/core/redact.js';

describe('Redactor', () => {
  it('hides a secret registered after earlier redactions', () => {
    const redactor = new Redactor();
    redactor.add('first-secret');
    expect(redactor.redact('a first-secret b second-secret')).toBe(`a ${REDACTED} b second-secret`);
    redactor.add('second-secret');
    expect(redactor.redact('a first-secret b second-secret')).toBe(`a ${REDACTED} b ${REDACTED}`);
  });

  it('takes characters that mean something in a pattern literally', () => {
    const redactor = new Redactor();
    redactor.add('p4ss.*(x)|[y]+?^$\\{2}');
    expect(redactor.redact('value=p4ss.*(x)|[y]+?^$\\{2};')).toBe(`value=${REDACTED};`);
    expect(redactor.redact('value=p4ssword')).toBe('value=p4ssword');
  });

  it('hides the whole of a secret that contains another, whatever the order they were added in', () => {
    const redactor = new Redactor();
    redactor.add('admin');
    redactor.add('admin-password-7c1d');
    expect(redactor.redact('login admin-password-7c1d as admin')).toBe(`login ${REDACTED} as ${REDACTED}`);
  });

  it('hides every one of many secrets, each wherever it occurs', () => {
    const redactor = new Redactor();
    const secrets = Array.from({ length: 500 }, (_, i) => `component-${i}-secret`);
    for (const secret of secrets) redactor.add(secret);
    const text = secrets.map((secret, i) => `${i}: ${secret} and ${secret}`).join('\n');
    const out = redactor.redact(text);
    expect(out.split('\n')).toEqual(secrets.map((_, i) => `${i}: ${REDACTED} and ${REDACTED}`));
    expect(redactor.redact('nothing secret here')).toBe('nothing secret here');
  });
});
