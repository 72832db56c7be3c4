/**
 * Where a rule's `condition.promql` scalar is written in its file, found from the text alone. Locating a
 * value through the yaml library means parsing the file again (a document keeps the offsets of its
 * top-level keys only), which costs as much as the first parse: for a repository with a few findings in
 * each file, more than the checks. The block style every rule file uses is read here: the `condition:` key
 * (whose offset the document keeps), then its `promql:` key, then the scalar's extent. The caller
 * confirms the range by rebuilding the scalar's value from it (mapScalar), and falls back to the yaml
 * tree when it does not give the value the yaml library read: a flow mapping, an alias, a comment inside
 * the scalar, any form not read here.
 */
export function queryScalarRange(
  text: string,
  starts: readonly number[],
  conditionLine: number,
  conditionColumn: number,
): { start: number; end: number } | null {
  const lineText = (i: number) => text.slice(starts[i]!, (starts[i + 1] ?? text.length + 1) - 1);
  const conditionIndent = conditionColumn - 1;
  if (
    lineText(conditionLine - 1)
      .slice(0, conditionIndent)
      .trim() !== ''
  )
    return null;
  for (let i = conditionLine; i < starts.length; i++) {
    const line = lineText(i);
    if (isBlankOrComment(line)) continue;
    const indent = indentOf(line);
    if (indent <= conditionIndent) return null;
    const key = /^( +)promql:( +|$)/.exec(line);
    if (!key) continue;
    const start = starts[i]! + key[0].length;
    const first = text[start];
    if (first === undefined || first === '\n' || first === '#') return null;
    const end =
      first === '"' || first === "'"
        ? quotedEnd(text, start)
        : scalarLinesEnd(text, starts, i, indent, first === '|' || first === '>');
    return end === null ? null : { start, end };
  }
  return null;
}

const isBlankOrComment = (line: string) => /^\s*(#.*)?\r?$/.test(line);
const indentOf = (line: string) => line.length - line.trimStart().length;

function quotedEnd(text: string, start: number): number | null {
  const quote = text[start];
  for (let i = start + 1; i < text.length; i++) {
    if (quote === '"' && text[i] === '\\') i++;
    else if (quote === "'" && text[i] === "'" && text[i + 1] === "'") i++;
    else if (text[i] === quote) return i + 1;
  }
  return null;
}

/** The end of a plain or block scalar: its last line more indented than its key, comments excluded. */
function scalarLinesEnd(
  text: string,
  starts: readonly number[],
  keyLine: number,
  keyIndent: number,
  block: boolean,
): number | null {
  const lineEnd = (i: number) => (starts[i + 1] ?? text.length + 1) - 1;
  const firstLine = text.slice(starts[keyLine]!, lineEnd(keyLine));
  if (!block && firstLine.includes(' #')) return null;
  let end = block ? lineEnd(keyLine) : starts[keyLine]! + firstLine.trimEnd().length;
  for (let i = keyLine + 1; i < starts.length; i++) {
    const line = text.slice(starts[i]!, lineEnd(i));
    if (line.trim() === '') continue;
    if (indentOf(line) <= keyIndent) break;
    if (!block && (line.trimStart().startsWith('#') || line.includes(' #'))) return null;
    end = starts[i]! + line.trimEnd().length;
  }
  return end;
}
