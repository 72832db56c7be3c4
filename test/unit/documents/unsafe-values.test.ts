import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/core/usage-error.js';
import { getAlertRules } from '../../../src/service/alert-rule-requests.js';
import { resolvePlatformTemplateComponentConfiguration } from '../../../src/service/platform-requests.js';
import { parseText, ruleWithLine, VALID_COMPONENT, VALID_RULE } from './helpers.js';

const one = (text: string) => parseText(text).diagnostics.map((d) => [d.code, d.line, d.column, d.message]);

describe('values valid on the pull request that the service refuses after the merge', () => {
  it.each([
    ['name', ruleWithLine(6, 'name: "   "'), 6, 7, '`name` must not be blank (it holds only spaces)'],
    [
      'promql',
      ruleWithLine(9, '  promql: " \\t "'),
      9,
      11,
      '`condition.promql` must not be blank (it holds only spaces)',
    ],
  ])('a whitespace-only %s', (_field, text, line, column, message) => {
    expect(one(text)).toEqual([['schema.pattern', line, column, message]]);
  });

  it.each([
    ['', 'schema.min-length', '`presentation.runbook_url` must not be empty'],
    [
      '/api/latency',
      'schema.pattern',
      '`presentation.runbook_url` must be an absolute URL such as https://runbooks.example.com/page, not a relative one (got "/api/latency")',
    ],
    [
      'javascript:alert(1)',
      'schema.pattern',
      '`presentation.runbook_url` must be an http(s) URL: `javascript:` is not allowed (got "javascript:alert(1)")',
    ],
    [
      'urn:isbn:0451450523',
      'schema.pattern',
      '`presentation.runbook_url` must be an http(s) URL: `urn:` is not allowed (got "urn:isbn:0451450523")',
    ],
    [
      'http://',
      'schema.pattern',
      '`presentation.runbook_url` must name a host, such as https://runbooks.example.com/page (got "http://")',
    ],
  ])('runbook_url %j', (url, code, message) => {
    const text = ruleWithLine(19, `  runbook_url: "${url}"`);
    expect(one(text)).toEqual([[code, 19, 16, message]]);
  });

  it('an absolute http(s) URL with a host, or null, is fine', () => {
    for (const url of ['https://runbooks.example.com/api', 'HTTP://wiki.internal:8080/x?y#z', 'null']) {
      expect(parseText(ruleWithLine(19, `  runbook_url: ${url}`)).diagnostics).toEqual([]);
    }
    expect(parseText(VALID_RULE).diagnostics).toEqual([]);
  });
});

describe('path segments that would move a request', () => {
  it.each([
    ['template key', 'template: {key: .., version: 1.4.0}'],
    ['template version', 'template: {key: aws-standard, version: ..}'],
    ['template key with a slash', 'template: {key: a/b, version: 1.4.0}'],
    ['component', 'component: "."'],
  ])('the schema refuses a %s of `.`, `..` or holding `/`', (_what, line) => {
    const text = VALID_COMPONENT.replace(/^template: .*$/m, (t) =>
      line.startsWith('template') ? line : t,
    ).replace(/^component: .*$/m, (c) => (line.startsWith('component') ? line : c));
    const found = parseText(text).diagnostics;
    expect(found.map((d) => d.code)).toEqual(['schema.pattern']);
    expect(found[0]?.message).toMatch(
      /must be a name without `\/` or spaces, and not `\.` or `\.\.`: it becomes a segment of the request path/,
    );
  });

  it('the service client refuses `.`, `..` and empty segments whatever its caller', () => {
    const org = '7f1b2c3d-0000-4000-8000-000000000001';
    const params = (templateKey: string, templateVersion: string, componentKey: string) =>
      ({
        organizationId: org,
        templateKey,
        templateVersion,
        componentKey,
        clusterMode: 'QOVERY_MANAGED',
        cloudProvider: 'AWS',
      }) as never;
    for (const bad of ['..', '.', '']) {
      expect(() =>
        resolvePlatformTemplateComponentConfiguration(params('aws-standard', bad, 'dns'), {} as never),
      ).toThrow(UsageError);
      expect(() => getAlertRules(bad)).toThrow(/refused to build a request path/);
    }
    expect(
      resolvePlatformTemplateComponentConfiguration(params('a', '1.4.0', 'x..y'), {} as never).path,
    ).toBe(`/organization/${org}/platformTemplate/a/1.4.0/component/x..y/resolve`);
  });
});
