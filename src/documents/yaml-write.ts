import { Document, visit } from 'yaml';

/**
 * The characters that change what a reader sees rather than being seen (core/printable.ts): bidirectional
 * embeddings, overrides, isolates and marks (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C, "Trojan
 * source"), zero-width and invisible marks, line and paragraph separators, the soft hyphen and the BOM.
 * YAML counts them printable and the yaml library writes them raw, so a name from the service would show
 * in a written file in another order than it is stored.
 */
const UNSEEN = /[\u00ad\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;

/** The same, without the global flag: a test that keeps no state between calls. */
const UNSEEN_ONE = new RegExp(UNSEEN.source);

function escaped(c: string): string {
  return `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * A YAML file the tool writes (export, `init --from-org`, import, the Prometheus rule file), with `header`
 * (comment lines) before it: every scalar holding an unseen character is double-quoted, where YAML reads
 * `\u202E` as the character itself, so the file parses to the same values; then every unseen character
 * left in the text, in a double-quoted scalar or in a comment, is written as that escape. The file shows
 * each one where it is, and holds none raw.
 */
export function visibleYaml(contents: unknown, header = ''): string {
  const doc = contents instanceof Document ? contents : new Document(contents);
  visit(doc, {
    Scalar(_key, node) {
      if (typeof node.value === 'string' && UNSEEN_ONE.test(node.value)) {
        node.type = 'QUOTE_DOUBLE';
      }
    },
  });
  // lineWidth 0: nothing is folded (a PromQL query reads as the service stores it).
  return (header + doc.toString({ lineWidth: 0 })).replace(UNSEEN, escaped);
}
