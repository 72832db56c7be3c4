import { describe, expect, it } from 'vitest';
import { parseFiles } from '../../../src/documents/index.js';
import { exportDocuments, slug } from '../../../src/kinds/alert-rule/export-documents.js';
import { live } from './fixtures.js';

describe('export file names', () => {
  it('are safe for any rule name', () => {
    expect(slug('API p99 latency')).toBe('api-p99-latency');
    expect(slug('../../etc/passwd')).toBe('etc-passwd');
    expect(slug('Crème brûlée: 5xx!')).toBe('creme-brulee-5xx');
    expect(slug('CON')).toBe('con-rule');
    expect(slug('lpt1')).toBe('lpt1-rule');
    expect(slug('日本語')).toBe('alert-rule');
    expect(slug('')).toBe('alert-rule');
    expect(slug('a'.repeat(200))).toHaveLength(80);
    expect(slug(`${'a'.repeat(79)}-b`)).toBe('a'.repeat(79));
  });

  it('suffix collisions, including names that differ only in case or punctuation', () => {
    const names = exportDocuments([
      live({ id: '1', name: 'Disk full' }),
      live({ id: '2', name: 'disk-full' }),
      live({ id: '3', name: 'DISK FULL!' }),
      live({ id: '4', name: '日本' }),
      live({ id: '5', name: '中文' }),
    ]).map((d) => d.fileName);
    expect(names).toEqual([
      'disk-full.yaml',
      'disk-full-2.yaml',
      'disk-full-3.yaml',
      'alert-rule.yaml',
      'alert-rule-2.yaml',
    ]);
  });

  it('write documents the loader accepts, with ids and targets', () => {
    const [doc] = exportDocuments([
      live({ condition: { kind: 'BUILT', promql: 'up == 0' }, presentation: {} }),
    ]);
    const loaded = parseFiles([{ path: doc!.fileName, bytes: new TextEncoder().encode(doc!.text) }]);
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.documents[0]?.value).toMatchObject({
      id: live().id,
      target: live().target,
      condition: { kind: 'BUILT', promql: 'up == 0' },
      presentation: { summary: null, runbook_url: null },
    });
  });
});
