import { describe, expect, it } from 'vitest';
import { toCheckAnnotations } from '../../../src/report/checks.js';
import { finding } from './report-factory.js';

const identity = (text: string) => text;

describe('toCheckAnnotations', () => {
  it('maps levels, keeps columns only on one-line findings, and redacts', () => {
    const multiLine = { ...finding('warning', 'b.yaml', 4), endLine: 6 };
    const [first, second] = toCheckAnnotations(
      [multiLine, finding('error', 'a.yaml', 2, 'uses token-1234')],
      (t) => t.replace('token-1234', '***'),
    );
    expect(first).toEqual({
      path: 'a.yaml',
      start_line: 2,
      end_line: 2,
      start_column: 3,
      end_column: 8,
      annotation_level: 'failure',
      message:
        'uses *** [test.error]\nhttps://github.com/acme/platform-gitops/blob/v1/docs/reference/codes/test.md#testerror',
      title: 'Error',
    });
    expect(second).toMatchObject({ path: 'b.yaml', start_line: 4, end_line: 6, annotation_level: 'warning' });
    expect(second).not.toHaveProperty('start_column');
  });

  it('leaves findings without a file to the text, and caps message and title sizes', () => {
    const noFile = { ...finding('error', '', 1) };
    const big = { ...finding('notice', 'a.yaml', 1, '€'.repeat(40_000)), title: 't'.repeat(400) };
    const annotations = toCheckAnnotations([noFile, big], identity);
    expect(annotations).toHaveLength(1);
    expect(Buffer.byteLength(annotations[0]!.message)).toBeLessThanOrEqual(64 * 1024);
    expect(annotations[0]!.title).toHaveLength(255);
  });
});
