import { describe, expect, it } from 'vitest';
import { Redactor } from '../../../src/core/redact.js';

const TOKEN = 'qov_sandbox_acme_token+/?x=é';
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
const b64url = (s: string) => Buffer.from(s, 'utf8').toString('base64url');

describe('redaction of encoded secrets', () => {
  const redactor = new Redactor();
  redactor.add(TOKEN);

  it.each([
    ['raw', TOKEN],
    ['base64', b64(TOKEN)],
    ['base64url', b64url(TOKEN)],
    ['URL-encoded', encodeURIComponent(TOKEN)],
    ['base64 of `Token <token>`', b64(`Token ${TOKEN}`)],
    ['base64url of `Token <token>`', b64url(`Token ${TOKEN}`)],
    ['base64 inside a longer JSON body', b64(JSON.stringify({ authorization: `Token ${TOKEN}`, n: 1 }))],
    ['base64 at the second alignment', b64(`ab${TOKEN}cd`)],
  ])('%s', (_form, encoded) => {
    const text = `the service echoed: ${encoded} (end)`;
    const out = redactor.redact(text);
    expect(out).toContain('***');
    expect(out).not.toContain(encoded);
    // Whatever is left of the encoded run decodes to no more than a few of the token's bytes.
    for (const run of out.split('***')) {
      expect(Buffer.from(run, 'base64').toString('latin1')).not.toContain(TOKEN.slice(0, 6));
    }
  });

  it('the runner is told of every form, so that its log masks them too', () => {
    const told: string[] = [];
    new Redactor({ onAdd: (s) => told.push(s) }).add('secret-value-123');
    expect(told).toContain('secret-value-123');
    expect(told).toContain(b64('secret-value-123').replace(/=+$/, '').slice(0, 20));
    expect(told.length).toBeGreaterThan(3);
  });

  it('forms our cleaning and escaping give: collapsed, HTML entities, Markdown; the runner is not told of Markdown', () => {
    const told: string[] = [];
    const secret = `qov_a&b<c>"d'e\tf  g@h`;
    const redactor = new Redactor({ onAdd: (s) => told.push(s) });
    redactor.add(secret);
    const forms = [
      'qov_a&b<c>"d\'e f g@h',
      'qov_a&amp;b&lt;c&gt;&quot;d&#39;e\tf  g@h',
      'qov_a&#x26;b&#x3c;c&#x3e;&#x22;d&#x27;e f g@h',
      'qov\\_a&amp;b&lt;c&gt;"d\'e f  g@&#8203;h',
    ];
    for (const form of forms) expect(redactor.redact(`said: ${form} (end)`)).toBe('said: *** (end)');
    expect(told).toContain(forms[1]);
    expect(told).not.toContain(forms[3]);
  });

  it('a form shorter than four characters is not registered, though the secret is', () => {
    // One line as Markdown writes it drops the controls: "ab", which would mangle every message.
    const redactor = new Redactor();
    redactor.add('a\u0001\u0002\u0003b');
    expect(redactor.redact('a table, a cab')).toBe('a table, a cab');
    expect(redactor.redact('x a\u0001\u0002\u0003b y')).toBe('x *** y');
  });

  it('ordinary text is left alone', () => {
    expect(redactor.redact('plan: 3 to create, 1 to update')).toBe('plan: 3 to create, 1 to update');
  });
});
