import { describe, expect, it } from 'vitest';
import { parseYamlFile } from '../../../src/plan/yaml-edit.js';

const FILE = `# top\n\nkind: A\nlist: [a, b]\n---\n# lead of B\nkind: B\nn: 1\n...\n# after end\n---\nkind: C\nn: 'x'\n# last words\n`;

describe('parseYamlFile', () => {
  it('prints an untouched file byte for byte and gives each document its first line', () => {
    const file = parseYamlFile(FILE);
    expect(file.text()).toBe(FILE);
    expect(file.firstLines).toEqual([3, 5, 11]);
  });

  it('reprints a document that gains a key without repeating the comments before it or its end marker', () => {
    for (const index of [0, 1, 2]) {
      const file = parseYamlFile(FILE);
      file.edit(index, [{ op: 'set', path: ['added'], value: true }]);
      const text = file.text();
      expect(text.match(/# top|# lead of B|# after end|# last words|\.\.\./g)).toEqual([
        '# top',
        '# lead of B',
        '...',
        '# after end',
        '# last words',
      ]);
      expect(text.match(/added: true/g)).toHaveLength(1);
    }
  });

  it('keeps a quoted scalar quoted and leaves an edit that changes nothing unprinted', () => {
    const file = parseYamlFile(FILE);
    file.edit(2, [{ op: 'set', path: ['n'], value: 'y' }]);
    file.edit(1, [
      { op: 'set', path: ['description'], value: '', unlessMissing: '' },
      { op: 'remove', path: ['absent'] },
    ]);
    expect(file.text()).toBe(FILE.replace("n: 'x'", "n: 'y'"));
  });

  it('empties a list into nothing and creates one that was missing', () => {
    const file = parseYamlFile(FILE);
    file.edit(0, [
      { op: 'list', path: ['list'], keep: [], append: [] },
      { op: 'list', path: ['other'], keep: [], append: ['z'] },
    ]);
    expect(file.text().split('---')[0]).toBe('# top\n\nkind: A\nother:\n  - z\n');
  });

  it('refuses a document the file does not have', () => {
    expect(() => parseYamlFile(FILE).edit(3, [])).toThrow('no document 3 in the file');
  });

  it('quotes a plain scalar whose new text would read as something else, and keeps a parent map that still holds keys', () => {
    const file = parseYamlFile('a: x\nb: y\nc: z\nm:\n  one: 1\n  two: 2\n');
    file.edit(0, [
      { op: 'set', path: ['a'], value: 'yes: no' },
      { op: 'set', path: ['b'], value: '' },
      { op: 'set', path: ['c'], value: 'plain words' },
    ]);
    expect(file.text()).toBe('a: "yes: no"\nb: ""\nc: plain words\nm:\n  one: 1\n  two: 2\n');
    const removed = parseYamlFile('m:\n  one: 1\n  two: 2\n');
    removed.edit(0, [{ op: 'remove', path: ['m', 'one'] }]);
    expect(removed.text()).toBe('m:\n  two: 2\n');
  });
});
