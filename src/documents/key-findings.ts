import type { Diagnostic, SourceRange } from '../core/diagnostic.js';
import { diagnostic } from '../core/diagnostic.js';
import { CODES } from './codes.js';
import type { KeyProblem } from './keys.js';
import { quoteSource } from './quote.js';

/** The finding for one problem findKeyProblems saw, at the key (or alias) it names. */
export function keyProblemFinding(file: string, at: SourceRange, problem: KeyProblem): Diagnostic {
  const error = (code: string, message: string) => diagnostic('error', file, at, code, message);
  switch (problem.kind) {
    case 'duplicate': {
      // A key may be long (up to 1024 characters): the message quotes it short.
      const [name, written, first] = [problem.name, problem.written, problem.first].map(quoteSource);
      const same = problem.written === problem.name && problem.first === problem.name;
      return error(
        CODES.duplicateKey,
        same
          ? `duplicate key \`${name}\`: each key may appear once in a mapping`
          : `duplicate key \`${written}\`: it names the same field \`${name}\` as \`${first}\` above; each key may appear once in a mapping`,
      );
    }
    case 'unsafe':
      return error(
        CODES.unsafeKey,
        `the key \`${quoteSource(problem.name)}\` is not allowed: no field has this name, and it could alter object prototypes`,
      );
    case 'not-a-name':
      return error(
        CODES.keyNotName,
        problem.shape === 'null'
          ? 'a key must be a field name, not null (`~`, `null` or nothing before the colon)'
          : `a key must be a field name, not a ${problem.shape} (complex keys are not supported)`,
      );
    case 'undefined-alias':
      return error(
        CODES.yamlSyntax,
        `invalid YAML: the alias \`*${problem.source}\` refers to no anchor; define \`&${problem.source}\` on a node before it`,
      );
  }
}
