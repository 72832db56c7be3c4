import { describe, expect, it } from 'vitest';
import { LineCounter, parseAllDocuments } from 'yaml';
import { createLocator } from '../../../src/documents/locate.js';
import type { PathSegment } from '../../../src/documents/types.js';
import { parseText, VALID_COMPONENT, VALID_RULE } from './helpers.js';

function first(text: string) {
  const result = parseText(text);
  expect(result.diagnostics).toEqual([]);
  const doc = result.documents[0];
  if (doc === undefined) throw new Error('no document');
  return doc;
}

describe('locate', () => {
  const rule = first(`# comment\n${VALID_RULE}`);

  it('the empty path and `range` are the first key of the document', () => {
    const expected = { line: 2, column: 1, endLine: 2, endColumn: 5 };
    expect(rule.range).toEqual(expected);
    expect(rule.locate([])).toEqual({ ...expected, exact: true });
  });

  it('points at a key by default and at its value on request', () => {
    expect(rule.locate(['severity'])).toEqual({
      line: 14,
      column: 1,
      endLine: 14,
      endColumn: 9,
      exact: true,
    });
    expect(rule.locate(['severity'], 'value')).toEqual({
      line: 14,
      column: 11,
      endLine: 14,
      endColumn: 15,
      exact: true,
    });
  });

  it('nested keys and sequence items', () => {
    expect(rule.locate(['condition', 'threshold'], 'value')).toMatchObject({
      line: 12,
      column: 14,
      endColumn: 17,
    });
    expect(rule.locate(['alert_receiver_ids', 1])).toEqual({
      line: 17,
      column: 5,
      endLine: 17,
      endColumn: 41,
      exact: true,
    });
  });

  it('a collection value is cut to its first line', () => {
    expect(rule.locate(['alert_receiver_ids'], 'value')).toEqual({
      line: 16,
      column: 3,
      endLine: 16,
      endColumn: 41,
      exact: true,
    });
  });

  it('a missing node gives its nearest existing ancestor key, not exact', () => {
    expect(rule.locate(['condition', 'function'])).toEqual({
      line: 8,
      column: 1,
      endLine: 8,
      endColumn: 10,
      exact: false,
    });
    expect(rule.locate(['alert_receiver_ids', 5])).toMatchObject({ line: 15, column: 1, exact: false });
    expect(rule.locate(['tag'])).toMatchObject({ line: 2, column: 1, exact: false });
    expect(rule.locate(['name', 'deeper'])).toMatchObject({ line: 7, column: 1, exact: false });
  });

  it('flow mappings are located inside their line', () => {
    const component = first(VALID_COMPONENT);
    expect(component.locate(['template', 'version'], 'value')).toEqual({
      line: 2,
      column: 40,
      endLine: 2,
      endColumn: 45,
      exact: true,
    });
    expect(component.locate(['componentOutputs', 'ingress-nginx', 'hostedZoneId'])).toMatchObject({
      line: 9,
      column: 5,
      exact: true,
    });
  });

  it('an empty value points at its key', () => {
    const doc = first(VALID_COMPONENT.replace('  policy: upsert-only', '  policy:'));
    expect(doc.locate(['profileConfig', 'policy'], 'value')).toMatchObject({
      line: 6,
      column: 3,
      endColumn: 9,
    });
  });

  it('follows aliases to the anchored node', () => {
    const doc = first(
      VALID_COMPONENT.replace('  policy: upsert-only', '  policy: &p {mode: sync}\n  other: *p'),
    );
    expect(doc.locate(['profileConfig', 'other', 'mode'], 'value')).toMatchObject({
      line: 6,
      column: 21,
      exact: true,
    });
  });

  it('positions stay right in a CRLF file with a BOM', () => {
    const doc = first(`\uFEFF${VALID_RULE}`.replace(/\n/g, '\r\n'));
    expect(doc.locate(['alert_receiver_ids', 0])).toEqual({
      line: 15,
      column: 5,
      endLine: 15,
      endColumn: 41,
      exact: true,
    });
    expect(doc.locate(['condition'], 'value')).toMatchObject({
      line: 8,
      column: 3,
      endLine: 8,
      endColumn: 15,
    });
  });
});

describe('the locate a kept document holds', () => {
  // Several documents in one file, an empty one among them (it counts in the documents' indexes), an
  // alias and CRLF line ends: the kept locator, which no longer holds the tree, must give what a lookup
  // in the tree gives.
  const aliased = VALID_COMPONENT.replace(
    '  policy: upsert-only',
    '  policy: &p {mode: [1, 2]}\n  other: *p',
  );
  const text = `${VALID_RULE}---\n---\n${VALID_COMPONENT}---\n${aliased}`.replace(/\n/g, '\r\n');
  const paths: PathSegment[][] = [
    [],
    ['kind'],
    ['severity'],
    ['missing'],
    ['missing', 'deeper'],
    ['condition', 'threshold'],
    ['condition', 'nowhere'],
    ['alert_receiver_ids', 0],
    ['alert_receiver_ids', 9],
    ['alert_receiver_ids'],
    ['profileConfig', 'other', 'mode', 1],
    ['profileConfig', 'policy', 'mode'],
    ['template', 'version'],
    ['profileConfig', 'policy'],
  ];

  it('gives the same place as the tree for every path and target, in every document', () => {
    const result = parseText(text);
    expect(result.diagnostics).toEqual([]);
    const lineCounter = new LineCounter();
    const trees = parseAllDocuments(text, { lineCounter });
    expect(result.documents.map((d) => d.index)).toEqual([0, 2, 3]);
    for (const doc of result.documents) {
      const fromTree = createLocator(trees[doc.index]!, lineCounter, text);
      for (const path of paths) {
        for (const target of ['key', 'value'] as const) {
          expect({ path, target, at: doc.locate(path, target) }).toEqual({
            path,
            target,
            at: fromTree(path, target),
          });
        }
      }
    }
  });
});
