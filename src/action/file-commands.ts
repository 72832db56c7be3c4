/**
 * The step's outputs and saved state, written to the runner's files (GITHUB_OUTPUT, GITHUB_STATE) in the
 * form @actions/core writes: `name<<delimiter`, the value, the delimiter. core takes a random UUID for the
 * delimiter, and making one loads node:crypto, about 10 ms of every run's start on Node 24
 * (docs/decisions/cold-start-and-apply-throughput.md). What the UUID stands for is that no value holds
 * the line that ends its entry, so that no value can end its entry early and write another: here the
 * delimiter is lengthened until neither the name nor the value holds it, which makes that certain.
 */
import { appendFileSync } from 'node:fs';
import { EOL } from 'node:os';
import { safeCommand } from '../core/printable.js';
import { escapeData, escapeProperty } from '../report/workflow-commands.js';

type FileCommand = 'OUTPUT' | 'STATE';

/** The workflow command a runner without the file takes instead (as core falls back). */
const WORKFLOW_COMMAND: Record<FileCommand, string> = { OUTPUT: 'set-output', STATE: 'save-state' };

export function setOutput(name: string, value: string, env: NodeJS.ProcessEnv = process.env): void {
  writeFileCommand('OUTPUT', name, value, env);
}

/** State for the post step, which reads it as STATE_<name> (core.getState). */
export function saveState(name: string, value: string, env: NodeJS.ProcessEnv = process.env): void {
  writeFileCommand('STATE', name, value, env);
}

function writeFileCommand(command: FileCommand, name: string, value: string, env: NodeJS.ProcessEnv): void {
  const file = env[`GITHUB_${command}`];
  if (file) {
    appendFileSync(file, fileCommandEntry(name, value), 'utf8');
  } else {
    // As core writes them: set-output after a line break of its own, save-state as is. Through the output
    // boundary as every command the step gives: a value can hold neither the older `##[` form nor a control.
    const before = command === 'OUTPUT' ? EOL : '';
    const line = `::${WORKFLOW_COMMAND[command]} name=${escapeProperty(name)}::${escapeData(value)}`;
    process.stdout.write(`${before}${safeCommand(line)}${EOL}`);
  }
}

/**
 * One entry of a file command. The delimiter has core's shape (`ghadelimiter_` and a UUID), from `random`;
 * what makes it safe is the loop, not the randomness.
 */
export function fileCommandEntry(name: string, value: string, random: () => number = Math.random): string {
  let delimiter = `ghadelimiter_${uuidShaped(random)}`;
  while (name.includes(delimiter) || value.includes(delimiter)) delimiter += '_';
  return `${name}<<${delimiter}${EOL}${value}${EOL}${delimiter}${EOL}`;
}

/** A version-4 UUID's text, its digits from `random`. */
function uuidShaped(random: () => number): string {
  const hex = (count: number) =>
    Array.from({ length: count }, () => Math.floor(random() * 16).toString(16)).join('');
  const variant = '89ab'[Math.floor(random() * 4)];
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${variant}${hex(3)}-${hex(12)}`;
}
