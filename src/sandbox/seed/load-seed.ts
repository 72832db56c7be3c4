import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { LineCounter, parse, parseDocument, Scalar, visit } from 'yaml';
import type { Seed } from '../model.js';
import type { SandboxSeed } from '../types.js';
import { SeedError } from './seed-error.js';
import { type SeedPart, validateSeed } from './validate-seed.js';

/**
 * Reads every .yaml/.yml file of a seed directory (in name order, so that the result does not depend on
 * the file system) and validates the whole. Errors name the file relative to the working directory.
 */
export async function loadSeedDirectory(dir: string): Promise<Seed> {
  return validateSeed(await readSeedDirectory(dir));
}

/** The parsed files of a seed directory, in name order, not yet validated. */
export async function readSeedDirectory(dir: string): Promise<SeedPart[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => /\.ya?ml$/.test(n)).sort();
  } catch (error) {
    throw new SeedError(`cannot read the seed directory ${dir}: ${(error as Error).message}`);
  }
  if (names.length === 0) throw new SeedError(`the seed directory ${dir} holds no .yaml files`);
  const parts: SeedPart[] = [];
  for (const name of names) {
    const path = join(dir, name);
    const file = relative(process.cwd(), path) || path;
    const text = await readFile(path, 'utf8');
    try {
      const value = parse(text, { prettyErrors: true });
      refuseCutValues(file, text);
      parts.push({ file, value });
    } catch (error) {
      if (error instanceof SeedError) throw error;
      // The yaml library's first line ends with "at line L, column C:" before a code frame.
      const first = ((error as Error).message.split('\n')[0] ?? '').replace(/:\s*$/, '');
      throw new SeedError(`${file}: not valid YAML: ${first}`);
    }
  }
  return parts;
}

/**
 * An unquoted value is cut at ` #`: `description: Non-urgent alerts in #platform-alerts` seeds the
 * description "Non-urgent alerts in". A comment that starts a word directly (`#platform-alerts`, not
 * `# prod-eu`) after a plain value is almost always such a cut: refused at its line, with the fix.
 */
function refuseCutValues(file: string, text: string): void {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  visit(doc, {
    Scalar(_key, node) {
      const comment = node.comment ?? '';
      if (node.type !== Scalar.PLAIN || comment === '' || /^\s/.test(comment)) return;
      const { line } = lineCounter.linePos(node.range?.[0] ?? 0);
      throw new SeedError(
        `${file}:${line}: the value "${String(node.value)}" is cut at "#${comment.split('\n')[0]}", ` +
          "which YAML reads as a comment: quote the whole value ('…').",
      );
    },
  });
}

/** A seed given as an object (tests): validated the same way as files. */
export function seedFromObject(seed: SandboxSeed): Seed {
  return validateSeed([{ file: '(seed object)', value: seed }]);
}
