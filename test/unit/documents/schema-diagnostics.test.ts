import type { ErrorObject } from 'ajv';
import { describe, expect, it } from 'vitest';
import type { Locator } from '../../../src/documents/locate.js';
import { display, pathSegments, schemaDiagnostics } from '../../../src/documents/schema-diagnostics.js';

// A locator that reports the path it was asked for, so each finding shows where it pointed.
const locate: Locator = (path, target = 'key') => ({
  line: path.length + 1,
  column: target === 'key' ? 1 : 10,
  endLine: path.length + 1,
  endColumn: 20,
  exact: true,
});

const error = (keyword: string, instancePath: string, schemaPath: string, params: object = {}): ErrorObject =>
  ({ keyword, instancePath, schemaPath, params, message: 'must be something else' }) as ErrorObject;

describe('schemaDiagnostics for rules the schemas may add', () => {
  it('a const mismatch names the one allowed value', () => {
    const [finding] = schemaDiagnostics(
      'a.yaml',
      'AlertRule',
      { kind: 'X' },
      [error('const', '/kind', '#/properties/kind/const', { allowedValue: 'AlertRule' })],
      locate,
    );
    expect(finding).toMatchObject({
      code: 'schema.const',
      line: 2,
      column: 10,
      message: '`kind` must be "AlertRule"',
    });
  });

  it('an unknown keyword falls back to ajv’s words, at the value', () => {
    const [finding] = schemaDiagnostics(
      'a.yaml',
      'AlertRule',
      { name: 'x' },
      [error('maxLength', '/name', '#/properties/name/maxLength')],
      locate,
    );
    expect(finding).toMatchObject({ code: 'schema.invalid', message: '`name` must be something else' });
  });

  it('an anyOf that is not about required fields says no form matched', () => {
    const findings = schemaDiagnostics(
      'a.yaml',
      'AlertRule',
      { condition: {} },
      [
        error('type', '/condition', '#/properties/condition/anyOf/0/type', { type: 'string' }),
        error('anyOf', '/condition', '#/properties/condition/anyOf'),
      ],
      locate,
    );
    expect(findings.map((f) => [f.code, f.message])).toEqual([
      ['schema.invalid', '`condition` matches none of the allowed forms'],
    ]);
  });
});

describe('paths', () => {
  it('reads JSON pointers into keys and indexes, numbers only inside lists', () => {
    const value = { alert_receiver_ids: ['a', 'b'], map: { '0': 'x', 'a/b': 1, 'c~d': 2 } };
    expect(pathSegments('/alert_receiver_ids/1', value)).toEqual(['alert_receiver_ids', 1]);
    expect(pathSegments('/map/0', value)).toEqual(['map', '0']);
    expect(pathSegments('/map/a~1b', value)).toEqual(['map', 'a/b']);
    expect(pathSegments('/map/c~0d', value)).toEqual(['map', 'c~d']);
    expect(pathSegments('', value)).toEqual([]);
  });

  it('shows paths the way they are written', () => {
    expect(display(['alert_receiver_ids', 1])).toBe('alert_receiver_ids[1]');
    expect(display(['condition', 'kind'])).toBe('condition.kind');
    expect(display([])).toBe('document');
  });
});
