/**
 * How the Actions runner reads a step's output for workflow commands (actions/runner,
 * ActionCommandManager): it splits the output into lines at `\n`, `\r\n` or a lone `\r`; a line whose text,
 * after leading Unicode white space is trimmed (.NET's TrimStart), starts with `::` is a command; and a
 * line that holds `##[name` followed later by `]` is one of the older form, wherever it sits in the line.
 */

/**
 * .NET's char.IsWhiteSpace: what TrimStart takes off before the runner looks for `::`. Colours are taken
 * off too, to be safe: a log viewer or a later step may strip them before it reads the line.
 */
const DOTNET_WHITE_SPACE =
  /^(?:[\t-\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]|\u001b\[[0-9;]*m)+/;

export interface ReadCommand {
  readonly form: '::' | '##[';
  /** The command's name as the runner would look it up (`error`, `add-mask`, `set-output`, …). */
  readonly name: string;
  readonly line: string;
}

export function runnerCommands(output: string): ReadCommand[] {
  const found: ReadCommand[] = [];
  for (const line of output.split(/\r\n|\r|\n/)) {
    const trimmed = line.replace(DOTNET_WHITE_SPACE, '');
    if (trimmed.startsWith('::')) {
      found.push({ form: '::', name: /^::([^ :]*)/.exec(trimmed)![1]!, line });
      continue;
    }
    const old = line.indexOf('##[');
    if (old >= 0 && line.indexOf(']', old) > old) {
      found.push({ form: '##[', name: /^##\[([^ \]]*)/.exec(line.slice(old))![1]!, line });
    }
  }
  return found;
}

/**
 * Raw control characters other than the line feed that separates lines, and the Unicode line and
 * paragraph separators some readers break lines at.
 */
export const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/;

/** Fragments of every forged form the runner would read, to mix into generated text. */
export const FORGED_FRAGMENTS = [
  '::stop-commands::resume-token',
  '::warning file=evil.yaml,line=1::forged',
  '::add-mask::',
  '::set-output name=changes::99',
  '::add-path::/tmp/evil',
  '::save-state name=clusters::[]',
  '::error::forged',
  '##[command]forged',
  '##[error]forged',
  '##[set-output name=x;]1',
  '\n',
  '\r',
  '\r\n',
  '\t',
  '   ',
  '\u00a0',
  '\u0085',
  '\u2028',
  '\u3000',
  '\u001b[0m',
  '\u001b[31m',
  '\u001b[2K',
  '\u202e',
  '\u0000',
  '#',
  '[',
  ']',
  ':',
] as const;
