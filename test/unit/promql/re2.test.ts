import { describe, expect, it } from 'vitest';
import { readRe2 } from '../../../src/promql/re2.js';

describe('regular expressions as RE2 reads them', () => {
  it.each([
    ['(?=api)', 'invalid or unsupported Perl syntax'],
    ['(?!api)', 'invalid or unsupported Perl syntax'],
    ['(?<=a)b', 'invalid or unsupported Perl syntax'],
    ['(a)\\1', 'invalid escape sequence'],
    ['a**', 'invalid nested repetition operator'],
    ['a{2}{3}', 'invalid nested repetition operator'],
    ['*a', 'missing argument to repetition operator'],
    ['a|+', 'missing argument to repetition operator'],
    ['a{1001}', 'invalid repeat count'],
    ['a{3,2}', 'invalid repeat count'],
    ['(api', 'missing closing )'],
    ['api)', 'unexpected )'],
    ['[a-', 'missing closing ]'],
    ['[z-a]', 'invalid character class range'],
    ['[[:nope:]]', 'invalid character class range'],
    ['\\c', 'invalid escape sequence'],
    ['\\xZ1', 'invalid escape sequence'],
    ['a\\', 'trailing backslash at end of expression'],
    ['(?P<>a)', 'invalid named capture'],
    ['(?P=name)', 'invalid or unsupported Perl syntax'],
    ['[a-\\d]', 'invalid character class range'],
    ['[\\b]', 'invalid escape sequence'],
    ['\\8', 'invalid escape sequence'],
    ['\\e', 'invalid escape sequence'],
    ['x{2}*', 'invalid nested repetition operator'],
  ])('refuses %j: %s', (pattern, error) => {
    expect(readRe2(pattern)).toEqual({ error });
  });

  it.each([
    ['.*', true],
    ['.+', false],
    ['', true],
    ['api|web', false],
    ['api|', true],
    ['(a|b)?', true],
    ['a{0,3}', true],
    ['a{2,}', false],
    ['^$', true],
    ['\\b', false],
    ['\\B', true],
    ['(?i)api', false],
    ['(?i:)', true],
    ['(?P<name>x*)', true],
    ['(?<name>x)', false],
    ['\\Q\\E', true],
    ['\\Qa.b\\E', false],
    ['[]a]', false],
    ['[^\\d\\s[:alpha:]]', false],
    ['\\pL+|\\p{Greek}', false],
    ['\\x{41}\\x41\\101\\0\\.\\-', false],
    ['a*?b??', true],
    ['[\\x00-\\x{10FFFF}]', false],
    ['x{', false],
    ['a{,3}', false],
    ['\\_', false],
    ['[\\d-a]', false],
    ['[a-b-c]', false],
    ['\\b+', false],
    ['(?i)(?-i)a', false],
  ])('reads %j: matches the empty string: %s', (pattern, empty) => {
    expect(readRe2(pattern)).toEqual({ matchesEmpty: empty });
  });
});
