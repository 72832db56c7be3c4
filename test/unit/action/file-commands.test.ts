import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { EOL, tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fileCommandEntry, saveState, setOutput } from '../../../src/action/file-commands.js';

/** Reads a file command's entries as the runner does: line by line, an entry ends at its delimiter's line. */
function runnerReads(text: string): [string, string][] {
  const lines = text.split(EOL);
  const entries: [string, string][] = [];
  for (let i = 0; i < lines.length; i++) {
    const head = /^([^<]+)<<(.+)$/.exec(lines[i]!);
    if (!head) continue;
    const end = lines.indexOf(head[2]!, i + 1);
    if (end < 0) throw new Error(`no end for ${head[1]}`);
    entries.push([head[1]!, lines.slice(i + 1, end).join(EOL)]);
    i = end;
  }
  return entries;
}

const half = () => 0.5;

describe('fileCommandEntry', () => {
  it('is name<<delimiter, the value, the delimiter, as the runner reads it', () => {
    const entry = fileCommandEntry('changes', `3${EOL}lines`, half);
    const delimiter = 'ghadelimiter_88888888-8888-4888-a888-888888888888';
    expect(entry).toBe(`changes<<${delimiter}${EOL}3${EOL}lines${EOL}${delimiter}${EOL}`);
    // core's shape: a parser that expects a UUID after ghadelimiter_ reads ours too.
    expect(fileCommandEntry('x', 'y')).toMatch(
      /^x<<ghadelimiter_[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\r?\n/,
    );
    expect(runnerReads(entry)).toEqual([['changes', `3${EOL}lines`]]);
  });

  it('never lets a value end its entry early, even one that holds the delimiter it would get', () => {
    const planted = `x${EOL}ghadelimiter_88888888-8888-4888-a888-888888888888${EOL}injected<<EOF${EOL}evil${EOL}EOF`;
    expect(runnerReads(fileCommandEntry('plan', planted, half))).toEqual([['plan', planted]]);
    fc.assert(
      fc.property(
        fc.string(),
        fc.string(),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (value, tail, digit) => {
          const random = () => digit;
          const delimiter = fileCommandEntry('out', '', random).split(EOL)[0]!.slice('out<<'.length);
          const hostile = `${value}${EOL}${delimiter}${EOL}${tail}`;
          expect(runnerReads(fileCommandEntry('out', hostile, random))).toEqual([['out', hostile]]);
        },
      ),
    );
  });
});

describe('setOutput and saveState', () => {
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'file-commands-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('append to the files the runner names, one entry each', () => {
    const env = { GITHUB_OUTPUT: join(dir, 'output'), GITHUB_STATE: join(dir, 'state') };
    writeFileSync(env.GITHUB_OUTPUT, '');
    writeFileSync(env.GITHUB_STATE, '');
    setOutput('command', 'plan', env);
    setOutput('errors', '0', env);
    saveState('api-url', 'https://api.qovery.com', env);
    expect(runnerReads(readFileSync(env.GITHUB_OUTPUT, 'utf8'))).toEqual([
      ['command', 'plan'],
      ['errors', '0'],
    ]);
    expect(runnerReads(readFileSync(env.GITHUB_STATE, 'utf8'))).toEqual([
      ['api-url', 'https://api.qovery.com'],
    ]);
  });

  it('fall back to the workflow commands, escaped, on a runner without the files', () => {
    const written: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((text) => {
      written.push(String(text));
      return true;
    });
    try {
      setOutput('summary', '50% done\nnext', {});
      saveState('a:b', 'x', {});
    } finally {
      spy.mockRestore();
    }
    expect(written.join('')).toBe(
      `${EOL}::set-output name=summary::50%25 done%0Anext${EOL}::save-state name=a%3Ab::x${EOL}`,
    );
  });

  it('fall back through the output boundary: a value holds no older command form and no control', () => {
    const written: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((text) => {
      written.push(String(text));
      return true;
    });
    try {
      setOutput('plan', 'rule ##[error]forged\u001b[2K\u0085::add-mask::x', {});
      saveState('note', '##[command]forged', {});
    } finally {
      spy.mockRestore();
    }
    const lines = written.join('').split(EOL);
    expect(lines).toEqual([
      '',
      '::set-output name=plan::rule #\\u0023[error]forged\\u001b[2K\\u0085::add-mask::x',
      '::save-state name=note::#\\u0023[command]forged',
      '',
    ]);
    for (const line of lines) expect(line).not.toContain('##[');
  });
});
