import { describe, expect, it } from 'vitest';
import { Redactor } from '../../../src/core/redact.js';
import { scrub, scrubDeep } from '../../../src/logs/scrub.js';

const clean = (text: string) => scrub(text, new Redactor());

describe('scrub', () => {
  it('hides the values of credential-named settings and keeps their names', () => {
    expect(clean('password=hunter22 user=admin')).toBe('password=*** user=admin');
    expect(clean('{"db_password": "p4ss", "aws_secret_access_key":"abc/def+ghi"}')).toBe(
      '{"db_password": "***", "aws_secret_access_key":"***"}',
    );
    expect(clean('X-Api-Key: k-123 secret_key=s token: t0k3n')).toBe(
      'X-Api-Key: *** secret_key=*** token: ***',
    );
  });

  it('hides authorization headers, keys, JWTs and credentials in addresses', () => {
    expect(clean('Authorization: Bearer abc.def')).toBe('Authorization: Bearer ***');
    expect(clean('authorization=Token qov_x')).toBe('authorization=Token ***');
    expect(clean('key AKIAIOSFODNN7EXAMPLE used')).toBe('key *** used');
    expect(clean('jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJzYW5kYm94In0.c2lnbmF0dXJl here')).toBe('jwt *** here');
    expect(clean('dial postgres://admin:s3cret@db.internal:5432/app')).toBe(
      'dial postgres://***@db.internal:5432/app',
    );
    expect(clean('-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY----- done')).toBe(
      '*** done',
    );
  });

  it('hides registered secrets first and leaves ordinary text alone', () => {
    const redactor = new Redactor();
    redactor.add('qov_sandbox_acme_token');
    expect(scrub('sent qov_sandbox_acme_token twice: qov_sandbox_acme_token', redactor)).toBe(
      'sent *** twice: ***',
    );
    const ordinary = 'Preparing to delete EKS cluster. 3 tokens of work left; the key point: retry.';
    expect(clean(ordinary)).toBe(ordinary);
  });

  it('scrubs every string of a report for JSON output', () => {
    const report = {
      entries: [{ message: { safe_message: 'password=abc' }, n: 1 }],
      fallback: false,
      failure: null,
    };
    expect(scrubDeep(report, new Redactor())).toEqual({
      entries: [{ message: { safe_message: 'password=***' }, n: 1 }],
      fallback: false,
      failure: null,
    });
  });
});
