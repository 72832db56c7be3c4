import { describe, expect, it } from 'vitest';
import { brief, parseText, ruleWithLine, VALID_COMPONENT, VALID_RULE } from './helpers.js';

describe('schema findings point at the key or value in error and say what is allowed', () => {
  it('the valid rule and component have no findings and keep their values', () => {
    const result = parseText(`${VALID_RULE}---\n${VALID_COMPONENT}`);
    expect(result.diagnostics).toEqual([]);
    expect(result.documents.map((d) => d.kind)).toEqual(['AlertRule', 'PlatformComponent']);
    expect(result.documents[0]?.value).toMatchObject({
      condition: { kind: 'CUSTOM', operator: 'ABOVE', threshold: 0.5 },
      alert_receiver_ids: ['5e1ec7ed-0000-4000-8000-000000000201', '5e1ec7ed-0000-4000-8000-000000000202'],
    });
  });

  it('a bad uuid in alert_receiver_ids[1] points at that item', () => {
    const result = parseText(ruleWithLine(16, '  - slack-oncall'));
    expect(result.diagnostics.map(brief)).toEqual([
      { code: 'schema.format', severity: 'error', line: 16, column: 5 },
    ]);
    expect(result.diagnostics[0]).toMatchObject({
      endLine: 16,
      endColumn: 17,
      message:
        '`alert_receiver_ids[1]` must be a UUID such as 5e1ec7ed-0000-4000-8000-000000000201 (got "slack-oncall")',
    });
  });

  it('a missing nested field points at its parent mapping key', () => {
    const result = parseText(ruleWithLine(9, null));
    expect(result.diagnostics.map(brief)).toEqual([
      { code: 'schema.required', severity: 'error', line: 7, column: 1 },
    ]);
    expect(result.diagnostics[0]?.message).toBe('missing required field `promql` in `condition`');
  });

  it('a missing top-level field points at the document start', () => {
    const result = parseText(`# header comment\n${ruleWithLine(13, null)}`);
    expect(result.diagnostics.map(brief)).toEqual([
      { code: 'schema.required', severity: 'error', line: 2, column: 1 },
    ]);
    expect(result.diagnostics[0]?.message).toBe('missing required field `severity`');
  });

  it('an unknown field points at that key and suggests the nearest known name', () => {
    const result = parseText(ruleWithLine(11, '  treshold: 0.5'));
    expect(result.diagnostics.map(brief)).toEqual([
      { code: 'schema.unknown-field', severity: 'error', line: 11, column: 3 },
    ]);
    expect(result.diagnostics[0]).toMatchObject({
      endColumn: 11,
      message: 'unknown field `treshold` in `condition` — did you mean `threshold`?',
    });
  });

  it('an unknown field unlike any known one lists the known fields', () => {
    const result = parseText(ruleWithLine(18, '  colour: red'));
    expect(result.diagnostics[0]?.message).toBe(
      'unknown field `colour` in `presentation`; known fields: summary, runbook_url',
    );
  });

  it('a wrong enum value points at the value and lists the allowed values', () => {
    const result = parseText(ruleWithLine(13, 'severity: high'));
    expect(result.diagnostics.map(brief)).toEqual([
      { code: 'schema.enum', severity: 'error', line: 13, column: 11 },
    ]);
    expect(result.diagnostics[0]?.message).toBe(
      '`severity` must be one of LOW, MEDIUM, HIGH, CRITICAL (got "high") — did you mean `HIGH`?',
    );
  });

  it('a wrong type names the expected type, not the value', () => {
    const result = parseText(ruleWithLine(11, '  threshold: half a second'));
    expect(result.diagnostics.map(brief)).toEqual([
      { code: 'schema.type', severity: 'error', line: 11, column: 14 },
    ]);
    expect(result.diagnostics[0]?.message).toBe('`condition.threshold` must be a number (got a string)');
  });

  it('a number where a string is expected says to quote it', () => {
    const result = parseText(VALID_COMPONENT.replace('version: 1.4.0', 'version: 1.4'));
    expect(result.diagnostics.map(brief)).toEqual([
      { code: 'schema.type', severity: 'error', line: 2, column: 40 },
    ]);
    expect(result.diagnostics[0]?.message).toBe(
      '`template.version` must be a string (got a number); put the value in quotes',
    );
  });

  it.each([
    ['for_duration', 12, 'for_duration: 5m', 15, 'an ISO-8601 duration'],
    ['cluster_id', 2, 'cluster_id: prod-eu', 13, 'a UUID'],
  ])('a bad %s format', (_, line, replacement, column, expected) => {
    const result = parseText(ruleWithLine(line, replacement));
    expect(result.diagnostics.map(brief)).toEqual([
      { code: 'schema.format', severity: 'error', line, column },
    ]);
    expect(result.diagnostics[0]?.message).toContain(expected);
  });

  it('an empty receiver list and a repeated receiver', () => {
    const empty = parseText(
      VALID_RULE.replace(/alert_receiver_ids:\n( {2}- .*\n)+/, 'alert_receiver_ids: []\n'),
    );
    expect(empty.diagnostics.map(brief)).toEqual([
      { code: 'schema.min-items', severity: 'error', line: 14, column: 21 },
    ]);
    const repeated = parseText(ruleWithLine(16, '  - 5e1ec7ed-0000-4000-8000-000000000201'));
    expect(repeated.diagnostics.map(brief)).toEqual([
      { code: 'schema.unique-items', severity: 'error', line: 16, column: 5 },
    ]);
    expect(repeated.diagnostics[0]?.message).toBe('`alert_receiver_ids[1]` repeats `alert_receiver_ids[0]`');
  });

  it('no receivers at all: one finding that names both ways to give them', () => {
    const text = VALID_RULE.replace(/alert_receiver_ids:\n( {2}- .*\n)+/, '');
    const result = parseText(text);
    expect(result.diagnostics.map(brief)).toEqual([
      { code: 'schema.required-one-of', severity: 'error', line: 1, column: 1 },
    ]);
    expect(result.diagnostics[0]?.message).toBe(
      'needs at least one of `alert_receivers` or `alert_receiver_ids`',
    );
  });

  it('receivers by name are accepted instead of ids', () => {
    const text = VALID_RULE.replace(
      /alert_receiver_ids:\n( {2}- .*\n)+/,
      'alert_receivers: [slack-oncall]\n',
    );
    expect(parseText(text).diagnostics).toEqual([]);
  });

  it('a rule with neither id nor cluster_id cannot be matched or created', () => {
    const result = parseText(ruleWithLine(2, null));
    expect(result.diagnostics.map((d) => d.message)).toEqual([
      'needs at least one of `id` or `cluster` or `cluster_id`',
    ]);
  });

  it('null presentation fields are allowed; a wrong target type suggests the right one', () => {
    expect(parseText(ruleWithLine(19, '  runbook_url: null')).diagnostics).toEqual([]);
    const result = parseText(ruleWithLine(4, '  target_type: Cluster'));
    expect(result.diagnostics[0]?.message).toContain('(got "Cluster") — did you mean `CLUSTER`?');
  });

  it('reports every error of a document, not only the first', () => {
    const text = ruleWithLine(13, 'severity: URGENT').replace('kind: CUSTOM', 'kind: CUSTOMISED');
    expect(parseText(text).diagnostics.map((d) => [d.line, d.code])).toEqual([
      [8, 'schema.enum'],
      [13, 'schema.enum'],
    ]);
  });

  it('a component: SERVICE_MANAGED accepted, string-only maps checked per value', () => {
    const ok = parseText(VALID_COMPONENT.replace('QOVERY_MANAGED', 'SERVICE_MANAGED'));
    expect(ok.diagnostics).toEqual([]);
    const bad = parseText(`${VALID_COMPONENT}clusterInputs:\n  s3BucketName: true\n`);
    expect(bad.diagnostics.map(brief)).toEqual([
      { code: 'schema.type', severity: 'error', line: 11, column: 17 },
    ]);
    expect(bad.diagnostics[0]?.message).toBe('`clusterInputs.s3BucketName` must be a string (got a boolean)');
  });

  it('profileConfig takes any values: the service checks them', () => {
    const text = VALID_COMPONENT.replace('  policy: upsert-only', '  policy: [a, {b: 1}]\n  replicas: 3');
    expect(parseText(text).diagnostics).toEqual([]);
  });
});
