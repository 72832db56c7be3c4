import type { LineCounter, Node, Range } from 'yaml';
import { isCollection, isScalar } from 'yaml';
import type { SourceRange } from '../core/diagnostic.js';

/**
 * Offsets into the decoded text → 1-based line and column (UTF-16 code units, as the yaml library counts).
 * The end is exclusive, like an editor selection.
 */
export function rangeOfOffsets(lineCounter: LineCounter, start: number, end: number): SourceRange {
  const from = lineCounter.linePos(start);
  const to = lineCounter.linePos(Math.max(start, end));
  return { line: from.line, column: from.col, endLine: to.line, endColumn: to.col };
}

/**
 * The range to underline for a node. A block collection spans many lines; underlining all of it hides the
 * point, so a collection is cut to its first line.
 */
export function rangeOfNode(lineCounter: LineCounter, node: Node, text: string): SourceRange {
  const [start, valueEnd] = node.range ?? ([0, 0, 0] as Range);
  if (!isCollection(node)) return rangeOfOffsets(lineCounter, start, valueEnd);
  const newline = text.indexOf('\n', start);
  const firstLineEnd = newline === -1 || newline > valueEnd ? valueEnd : newline;
  return rangeOfOffsets(lineCounter, start, trimCarriageReturn(text, start, firstLineEnd));
}

function trimCarriageReturn(text: string, start: number, end: number): number {
  return end > start && text[end - 1] === '\r' ? end - 1 : end;
}

/** A node's key as a string, the way documents name fields (`1: x` has the key "1"). */
export function keyName(key: unknown): string | null {
  if (isScalar(key)) return String(key.value);
  return null;
}
