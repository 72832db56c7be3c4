import { describe, expect, it } from 'vitest';
import { parseServiceMessage, SERVICE_MESSAGE_MAX_LENGTH } from '../../../src/service/service-message.js';

describe('parseServiceMessage', () => {
  it('reads detail first, then message, then error', () => {
    expect(parseServiceMessage('{"status":400,"detail":"d","message":"m","error":"e"}')).toBe('d');
    expect(parseServiceMessage('{"status":400,"message":"m","error":"e"}')).toBe('m');
    expect(parseServiceMessage('{"status":404,"error":"Not Found"}')).toBe('Not Found');
  });

  it('skips empty or non-text members', () => {
    expect(parseServiceMessage('{"detail":"","message":42,"error":"e"}')).toBe('e');
    expect(parseServiceMessage('{"error":{"message":"nested"}}')).toBe('nested');
  });

  it('keeps the raw text when JSON names no message', () => {
    expect(parseServiceMessage('{"status":500}')).toBe('{"status":500}');
    expect(parseServiceMessage('[1,2]')).toBe('[1,2]');
  });

  it('takes plain text as it is, trimmed', () => {
    expect(parseServiceMessage('  upstream connect error \n')).toBe('upstream connect error');
  });

  it('reads a JSON string body', () => {
    expect(parseServiceMessage('"quota exceeded"')).toBe('quota exceeded');
  });

  it("takes a proxy's HTML page title", () => {
    expect(
      parseServiceMessage('<html><head><title>502 Bad Gateway</title></head><body>…</body></html>'),
    ).toBe('502 Bad Gateway');
  });

  it("decodes a page's entities, named and numeric, and leaves unknown or impossible ones as written", () => {
    expect(
      parseServiceMessage(
        '<html><title>a &amp; b &lt;c&gt; &quot;d&quot; &#39;e&#x27; &apos;f&apos;&nbsp;g</title></html>',
      ),
    ).toBe(`a & b <c> "d" 'e' 'f' g`);
    expect(parseServiceMessage('<html><title>&copy; &#0; &#x110000; &#8364;</title></html>')).toBe(
      '&copy; &#0; &#x110000; €',
    );
  });

  it('redacts after every step: a secret the body writes escaped, spread over white space, or past the cut', () => {
    const secret = 'tab\tsecret&<value>';
    const redact = (text: string) => text.split(secret).join('***').split('tab secret&<value>').join('***');
    expect(parseServiceMessage(JSON.stringify({ message: `no ${secret}` }), redact)).toBe('no ***');
    expect(parseServiceMessage('<html><title>no tab\tsecret&amp;&lt;value&gt;</title></html>', redact)).toBe(
      'no ***',
    );
    const late = parseServiceMessage(
      `{"detail":"${'x '.repeat(145)}${JSON.stringify(secret).slice(1, -1)}"}`,
      redact,
    )!;
    expect(late.endsWith('x ***')).toBe(true);
  });

  it('strips control characters, so a body cannot forge workflow commands or terminal escapes', () => {
    const message = parseServiceMessage('bad\n::error file=x::forged\u001b[31m red\u0007');
    expect(message).toBe('bad ::error file=x::forged [31m red');
    expect(message).not.toMatch(/[\u0000-\u001f]/);
  });

  it('caps the length', () => {
    const message = parseServiceMessage(`{"detail":"${'x'.repeat(5000)}"}`)!;
    expect(message.length).toBe(SERVICE_MESSAGE_MAX_LENGTH);
    expect(message.endsWith('…')).toBe(true);
  });

  it('is null for an empty body', () => {
    expect(parseServiceMessage('')).toBeNull();
    expect(parseServiceMessage(' \n ')).toBeNull();
    expect(parseServiceMessage('\u0000\u0001')).toBeNull();
  });
});
