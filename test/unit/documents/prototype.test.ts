import { afterEach, describe, expect, it } from 'vitest';
import { brief, parseText, VALID_COMPONENT } from './helpers.js';

const prototypeKeys = () => Object.getOwnPropertyNames(Object.prototype).sort();
const before = prototypeKeys();

describe('prototype safety', () => {
  afterEach(() => {
    // Nothing a document says may reach the prototype every object shares.
    expect(prototypeKeys()).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it.each([
    ['__proto__', '  __proto__:\n    polluted: true', 6, 3],
    ['constructor', '  nested:\n    constructor:\n      polluted: true', 7, 5],
    ['prototype', '  prototype: {polluted: true}', 6, 3],
    ['a quoted __proto__', '  "__proto__": {isAdmin: true}', 6, 3],
  ])('refuses %s as a key, at that key', (_, lines, line, column) => {
    const result = parseText(VALID_COMPONENT.replace('  policy: upsert-only', lines));
    expect(result.diagnostics.map(brief)).toEqual([
      { code: 'document.unsafe-key', severity: 'error', line, column },
    ]);
    expect(result.documents).toEqual([]);
  });

  it('refuses the key at the top level and in flow mappings too', () => {
    const result = parseText(`__proto__: {polluted: true}\n${VALID_COMPONENT}`);
    expect(result.diagnostics.map(brief)).toEqual([
      { code: 'document.unsafe-key', severity: 'error', line: 1, column: 1 },
    ]);
    const flow = parseText('kind: PlatformComponent\nprofileConfig: {a: {__proto__: {polluted: true}}}\n');
    expect(flow.diagnostics.map(brief)).toEqual([
      { code: 'document.unsafe-key', severity: 'error', line: 2, column: 21 },
    ]);
  });

  it('a value that says __proto__ is only text', () => {
    const result = parseText(VALID_COMPONENT.replace('upsert-only', '__proto__'));
    expect(result.diagnostics).toEqual([]);
    expect(result.documents[0]?.value).toMatchObject({ profileConfig: { policy: '__proto__' } });
  });

  it('the values of documents are plain objects', () => {
    const result = parseText(VALID_COMPONENT);
    const value = result.documents[0]?.value as object;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual([
      'kind',
      'template',
      'component',
      'cluster',
      'profileConfig',
      'componentOutputs',
    ]);
  });
});
