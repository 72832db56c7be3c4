import { git } from './exec.js';

/** The top directory of the git work tree holding `dir`, or null outside any repository (or without git). */
export async function gitTopLevel(dir: string): Promise<string | null> {
  const out = await git(dir, ['rev-parse', '--show-toplevel']).catch(() => null);
  const top = out?.ok ? out.stdout.toString('utf8').trim() : '';
  return top === '' ? null : top;
}
