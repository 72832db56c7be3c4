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

  it('hides camelCase and dotted setting names, as Helm values and JSON write them', () => {
    expect(clean('values rejected: grafanaAdminPassword: Gr4fana-prod-eu-7c1d9e')).toBe(
      'values rejected: grafanaAdminPassword: ***',
    );
    expect(clean('helm --set grafana.adminPassword=Gr4fana-x --set rootToken=t0k')).toBe(
      'helm --set grafana.adminPassword=*** --set rootToken=***',
    );
    expect(clean('{"grafanaAdminPassword":"Gr4fana-x","retentionDays":30}')).toBe(
      '{"grafanaAdminPassword":"***","retentionDays":30}',
    );
    expect(clean('passwordless: true, 3 tokens: left')).toBe('passwordless: true, 3 tokens: left');
  });

  it('hides a credential at the end of one huge line the service sent, and leaves the rest as it was', () => {
    // Runs that a quadratic pattern would take hours over: each pattern must stay linear on them.
    for (const unit of ['a-', 'a.', 'ab', 'password', 'http://a:', 'eyJab.']) {
      const hostile = unit.repeat(Math.ceil(1_000_000 / unit.length));
      expect(clean(hostile) === hostile, `${unit}… is left as it was`).toBe(true);
      expect(clean(`${hostile} password=hunter22`)).toBe(`${hostile} password=***`);
    }
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
