import type { Document, LineCounter } from 'yaml';
import { isAlias, visit } from 'yaml';
import type { Diagnostic, SourceRange } from '../core/diagnostic.js';
import { diagnostic } from '../core/diagnostic.js';
import { CODES } from './codes.js';
import { documentStart } from './locate.js';
import { rangeOfNode } from './positions.js';

/**
 * The yaml library's alias limit: an alias-expanding document ("billion laughs") stops with an error
 * instead of exhausting memory. 100 is the library's own default, stated here so that it is a decision.
 */
export const MAX_ALIAS_COUNT = 100;

export type PlainData =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly finding: Diagnostic };

/** Converts a parsed document to plain data, or explains why it cannot be (an alias bomb, deep nesting). */
export function toPlainData(file: string, doc: Document, lineCounter: LineCounter, text: string): PlainData {
  try {
    return { ok: true, value: doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) };
  } catch (error) {
    if (error instanceof RangeError) {
      // The stack ran out converting a deeply nested document (the parser itself stops a little earlier).
      const at = documentStart(doc, lineCounter, text);
      const message = 'invalid YAML: nested too deeply to read';
      return { ok: false, finding: diagnostic('error', file, at, CODES.yamlSyntax, message) };
    }
    // The library signals the alias limit with a ReferenceError ("Excessive alias count"); an undefined
    // alias is another ReferenceError, reported before this step (keys.ts), and anything else is a bug.
    if (!(error instanceof ReferenceError) || !/alias count/i.test(error.message)) throw error;
    const at = firstAliasRange(doc, lineCounter, text) ?? documentStart(doc, lineCounter, text);
    const message = `aliases expand to too many nodes (more than ${MAX_ALIAS_COUNT} per alias): refused as a resource exhaustion risk`;
    return { ok: false, finding: diagnostic('error', file, at, CODES.aliasLimit, message) };
  }
}

function firstAliasRange(doc: Document, lineCounter: LineCounter, text: string): SourceRange | null {
  let found: SourceRange | null = null;
  visit(doc, {
    Alias(_, node) {
      if (isAlias(node) && node.range) {
        found = rangeOfNode(lineCounter, node, text);
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return found;
}
