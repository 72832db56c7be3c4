import { describe, expect, it } from 'vitest';
import { annotationLines, selectAnnotations } from '../../../src/report/annotations.js';
import { finding, findings } from './report-factory.js';

const identity = (text: string) => text;

describe('selectAnnotations', () => {
  it('shows everything when within the caps, without a "more" notice', () => {
    const all = [...findings(10, 'error'), ...findings(10, 'warning'), ...findings(10, 'notice')];
    const selection = selectAnnotations(all);
    expect(selection.shown).toHaveLength(30);
    expect(selection.hidden).toBe(0);
    expect(annotationLines(selection, 'the job summary', identity)).toHaveLength(30);
  });

  it('keeps 10 of each level, most important first, and keeps a notice slot for the "more" line', () => {
    const all = [...findings(300, 'notice'), ...findings(40, 'warning'), ...findings(25, 'error')];
    const selection = selectAnnotations(all);
    const levels = selection.shown.map((d) => d.severity);
    expect(levels.filter((l) => l === 'error')).toHaveLength(10);
    expect(levels.filter((l) => l === 'warning')).toHaveLength(10);
    expect(levels.filter((l) => l === 'notice')).toHaveLength(9);
    expect(levels.indexOf('warning')).toBeGreaterThan(levels.lastIndexOf('error'));
    expect(selection.hidden).toBe(365 - 29);

    const lines = annotationLines(selection, 'the Checks run and the job summary', identity);
    expect(lines).toHaveLength(30);
    expect(lines.filter((l) => l.startsWith('::notice'))).toHaveLength(10);
    expect(lines.at(-1)).toBe(
      '::notice title=More findings::336 more findings in the Checks run and the job summary (GitHub shows at most 10 annotations of each level per step).',
    );
  });

  it('keeps a slot for the error core.setFailed prints', () => {
    const selection = selectAnnotations(findings(12, 'error'), { reserved: { error: 1 } });
    expect(selection.shown).toHaveLength(9);
    expect(selection.hidden).toBe(3);
  });

  it('orders by file and line within a level', () => {
    const selection = selectAnnotations([
      finding('error', 'b.yaml', 1),
      finding('error', 'a.yaml', 9),
      finding('error', 'a.yaml', 2),
    ]);
    expect(selection.shown.map((d) => `${d.file}:${d.line}`)).toEqual(['a.yaml:2', 'a.yaml:9', 'b.yaml:1']);
  });

  it('redacts and cuts messages to 4096 characters in the printed lines', () => {
    const long = finding('error', 'a.yaml', 1, `token s3cr3t-value ${'x'.repeat(10_000)}`);
    const [line] = annotationLines(selectAnnotations([long]), 'the job summary', (t) =>
      t.replaceAll('s3cr3t-value', '***'),
    );
    expect(line).toContain('token *** x');
    expect(line).not.toContain('s3cr3t');
    const message = line!.slice(line!.indexOf('::', 2) + 2);
    expect(message.length).toBeLessThanOrEqual(4096);
    // The message is cut, never its code nor the address of the code's page.
    expect(
      message.endsWith(
        '…(cut) [test.error]%0Ahttps://github.com/acme/platform-gitops/blob/v1/docs/reference/codes/test.md#testerror',
      ),
    ).toBe(true);
  });
});
