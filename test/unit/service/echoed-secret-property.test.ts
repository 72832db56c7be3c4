/**
 * A secret the service quotes back never shows, whichever way its words are cleaned: generated secrets
 * (tabs, line breaks, `& < > " '`, `%`, backslashes, any Unicode) are quoted in each body a service or a
 * proxy sends (JSON `message`, `detail`, nested `error`, a JSON string, an HTML page's title or text in
 * every entity style, plain text), taken through every path that makes a message of a body (the client's
 * error with the secrets its request carried; the message cleaned alone and redacted by the run's redactor
 * only; the reason a metrics answer that cannot be used is given; each Markdown writer of a finding's message, then the redactor and the output boundary as the
 * publishers do), and the output is read back in every decoding (JSON escapes, entities, Markdown
 * backslashes, percent-encoding, white space collapsed): the secret is in none.
 */
import { fc, test } from '@fast-check/vitest';
import { describe } from 'vitest';
import { safeOutput } from '../../../src/core/printable.js';
import { Redactor } from '../../../src/core/redact.js';
import { escapeInline, htmlCode, messageMarkdown } from '../../../src/markdown/escape.js';
import { createAlertReceiver } from '../../../src/service/alert-receiver-requests.js';
import { httpError } from '../../../src/service/api-errors.js';
import { parsePrometheusMatrix } from '../../../src/service/decode/prometheus-answer.js';
import { parseServiceMessage } from '../../../src/service/service-message.js';

/** Cases per property: 5 properties, 3,000 generated secrets in all. */
const RUNS = 600;

const ACME = '7f1b2c3d-0000-4000-8000-000000000001';

const TRICKY = [
  '@',
  '://',
  'www.',
  '\t',
  '\n',
  '\r\n',
  ' ',
  '&',
  '<',
  '>',
  '"',
  "'",
  '%',
  '\\',
  '%20',
  '&amp;',
  '\u00e9',
  '\u4e16',
  '\u{1f511}',
];

/** A secret of 8 to 40 characters mixing the tricky ones with letters and digits; never blank once collapsed. */
const secret = fc
  .array(fc.oneof(fc.constantFrom(...TRICKY), fc.stringMatching(/^[A-Za-z0-9]{1,6}$/)), {
    minLength: 3,
    maxLength: 14,
  })
  .map((parts) => parts.join(''))
  .filter((s) => collapse(s).length >= 8 && s.length <= 60 && /[A-Za-z0-9]/.test(s));

/** The entity styles of common servers, and a style chosen per character (a page mixing them). */
const ENTITY_STYLES: readonly Readonly<Record<string, string>>[] = [
  { '&': '&amp;', '<': '&lt;', '>': '&gt;' },
  { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' },
  { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' },
  { '&': '&#38;', '<': '&#60;', '>': '&#62;', '"': '&#34;', "'": '&#39;' },
  { '&': '&#x26;', '<': '&#x3C;', '>': '&#x3E;', '"': '&#x22;', "'": '&apos;' },
];
const entityStyle = fc.oneof(
  fc.constantFrom(...ENTITY_STYLES).map((style) => (c: string) => style[c] ?? c),
  fc.infiniteStream(fc.constantFrom(...ENTITY_STYLES)).map((styles) => {
    const it = styles[Symbol.iterator]();
    return (c: string) => it.next().value[c] ?? c;
  }),
);

type Body = (secret: string, entities: (c: string) => string) => string;

/** Each body that quotes the secret, as the service or a proxy in front of it would send it. */
const BODIES: readonly [string, Body][] = [
  ['JSON message', (s) => JSON.stringify({ status: 400, message: `webhook_url: ${s} is refused` })],
  ['JSON detail', (s) => JSON.stringify({ status: 422, detail: `bad value ${s}` })],
  ['nested JSON error', (s) => JSON.stringify({ error: { message: `refused ${s}.` } })],
  ['JSON string', (s) => JSON.stringify(`refused: ${s}`)],
  [
    'HTML title',
    (s, e) =>
      `<!DOCTYPE html><html><head><title>Bad gateway ${s.replace(/[&<>"']/g, e)}</title></head></html>`,
  ],
  ['HTML text', (s, e) => `<html><body><h1>Error</h1><p>for ${s.replace(/[&<>"']/g, e)}</p></body></html>`],
  ['plain text', (s) => `upstream refused ${s}\n`],
];
const body = fc.constantFrom(...BODIES);

/** White space collapsed, and the zero-width spaces the Markdown escaper puts in links and mentions gone. */
function collapse(text: string): string {
  return text
    .replace(/\u200b/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function decodeEntities(text: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return text.replace(/&(?:#(\d+)|#x([0-9a-f]+)|([a-z]+));/gi, (m, d, h, n) =>
    n !== undefined
      ? (named[n.toLowerCase()] ?? m)
      : String.fromCodePoint(d ? Number(d) : Number.parseInt(h, 16)),
  );
}

function unescapeJson(text: string): string {
  return text.replace(/\\(?:u([0-9a-f]{4})|(["\\/bfnrt]))/gi, (_m, hex, c) =>
    hex
      ? String.fromCharCode(Number.parseInt(hex, 16))
      : ({ b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' }[c as string] ?? c),
  );
}

function unescapeMarkdown(text: string): string {
  return text.replace(/\\([\\`*_[\]|#~])/g, '$1');
}

function decodePercent(text: string): string {
  return text.replace(/\+/g, ' ').replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

const DECODERS = [decodeEntities, unescapeJson, unescapeMarkdown, decodePercent];

/** The output as each decoding and pair of decodings reads it, white space collapsed. */
function readings(output: string): string[] {
  const once = DECODERS.map((decode) => decode(output));
  const twice = once.flatMap((text) => DECODERS.map((decode) => decode(text)));
  return [output, ...once, ...twice].map(collapse);
}

function shows(output: string, value: string): boolean {
  const wanted = collapse(value);
  return readings(output).some((text) => text.includes(wanted));
}

function runRedactor(value: string): Redactor {
  const redactor = new Redactor();
  redactor.addWithLines(value);
  return redactor;
}

const FAILURE = {
  attempts: 1,
  reason: 'not-retryable' as const,
  rateLimit: {},
  nowMs: 0,
  redact: (text: string) => text,
  timeoutMs: () => null,
  address: 'http://127.0.0.1:1',
};

describe('a secret echoed in an error body shows in no form', () => {
  test.prop([secret, body, entityStyle, fc.constantFrom(400, 422, 502)], { numRuns: RUNS })(
    "the client's error, redacting the secrets its request carried",
    (value, [, make], entities, status) => {
      const request = createAlertReceiver(ACME, {
        name: 'pager',
        description: '',
        type: 'SLACK',
        send_resolved: true,
        webhook_url: value,
      });
      const error = httpError(request, status, make(value, entities), FAILURE);
      return !shows(`${error.message}\n${error.serviceMessage}\n${JSON.stringify(error)}`, value);
    },
  );

  test.prop([secret, body, entityStyle], { numRuns: RUNS })(
    "the message cleaned alone, then the run's redactor only (as every output is)",
    (value, [, make], entities) => {
      const message = parseServiceMessage(make(value, entities)) ?? '';
      return !shows(runRedactor(value).redact(message), value);
    },
  );

  test.prop([secret, body, entityStyle], { numRuns: RUNS })(
    "the message cleaned with the run's redactor at every step",
    (value, [, make], entities) => {
      const redactor = runRedactor(value);
      const message = parseServiceMessage(make(value, entities), (text) => redactor.redact(text)) ?? '';
      return !shows(message, value);
    },
  );

  test.prop(
    [
      secret,
      fc.constantFrom<[string, (s: string) => string]>(
        ['an answer that is not JSON', (s) => `<html><body>proxy refused ${s}</body></html>`],
        [
          'a Prometheus error',
          (s) => JSON.stringify({ status: 'error', errorType: 'bad_data', error: `parse error near ${s}` }),
        ],
        ['an unknown status', (s) => JSON.stringify({ status: `no ${s}` })],
      ),
    ],
    { numRuns: RUNS },
  )("the metrics answer's reason (what the backtest reports), then the run's redactor", (value, [, make]) => {
    const reading = parsePrometheusMatrix(make(value));
    return !reading.ok && !shows(runRedactor(value).redact(reading.reason), value);
  });

  test.prop([secret, fc.constantFrom('escapeInline', 'messageMarkdown', 'htmlCode')], { numRuns: RUNS })(
    'a message holding it, written as Markdown, then redacted and bounded as the publishers do',
    (value, writer) => {
      const message = `webhook_url: ${value} is refused`;
      const written =
        writer === 'escapeInline'
          ? escapeInline(message)
          : writer === 'messageMarkdown'
            ? messageMarkdown(message)
            : htmlCode(message);
      return !shows(safeOutput(runRedactor(value).redact(written)), value);
    },
  );
});
