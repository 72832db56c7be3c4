import { describe, expect, it } from 'vitest';
import { brief, parseTexts, VALID_COMPONENT, VALID_RULE } from './helpers.js';

const ID = 'a2a2a2a2-0000-4000-8000-000000000501';

describe('cross-document checks', () => {
  it('one id in two files: one error at each, naming the other (whichever a change added is annotated)', () => {
    const result = parseTexts({
      'alerting/a.yaml': `id: ${ID}\n${VALID_RULE}`,
      'alerting/b.yaml': `# copy\nid: ${ID.toUpperCase()}\n${VALID_RULE.replace('api-latency', 'api-latency-copy')}`,
    });
    expect(result.diagnostics.map((d) => ({ file: d.file, ...brief(d) }))).toEqual([
      { file: 'alerting/a.yaml', code: 'document.duplicate-id', severity: 'error', line: 1, column: 1 },
      { file: 'alerting/b.yaml', code: 'document.duplicate-id', severity: 'error', line: 2, column: 1 },
    ]);
    expect(result.diagnostics[0]?.message).toBe(`alert rule id ${ID} is also claimed by alerting/b.yaml:2`);
    expect(result.diagnostics[1]?.message).toBe(
      `alert rule id ${ID.toUpperCase()} is also claimed by alerting/a.yaml:1`,
    );
    // Both documents are valid on their own: the conflict is reported, the documents are kept.
    expect(result.documents).toHaveLength(2);
  });

  it('one (cluster_id, name) twice: one error at each name', () => {
    const result = parseTexts({ 'rules.yaml': `${VALID_RULE}---\n${VALID_RULE.replace('HIGH', 'LOW')}` });
    expect(result.diagnostics.map(brief)).toEqual([
      { code: 'document.duplicate-name', severity: 'error', line: 6, column: 1 },
      { code: 'document.duplicate-name', severity: 'error', line: 26, column: 1 },
    ]);
    expect(result.diagnostics[0]?.message).toBe(
      'alert rule `api-latency` on cluster c1a5e7e0-0000-4000-8000-000000000101 is also defined by rules.yaml:26',
    );
  });

  it('three documents with one id: each finding names the two others and the count', () => {
    const rule = (n: number) => `id: ${ID}\n${VALID_RULE.replace('api-latency', `rule-${n}`)}`;
    const result = parseTexts({ 'a.yaml': rule(1), 'b.yaml': rule(2), 'c.yaml': rule(3) });
    expect(result.diagnostics.map((d) => d.message.split(' by ')[1])).toEqual([
      'b.yaml:1, c.yaml:1 (3 documents in all)',
      'a.yaml:1, c.yaml:1 (3 documents in all)',
      'a.yaml:1, b.yaml:1 (3 documents in all)',
    ]);
  });

  it('a group of many copies: a finding at each, naming five places and counting the rest', () => {
    const rule = (n: number) => `id: ${ID}\n${VALID_RULE.replace('api-latency', `rule-${n}`)}`;
    const texts = Object.fromEntries(
      Array.from({ length: 40 }, (_, i) => [`r${String(i).padStart(2, '0')}.yaml`, rule(i)]),
    );
    const result = parseTexts(texts);
    expect(result.diagnostics).toHaveLength(40);
    expect(result.diagnostics[0]).toMatchObject({ file: 'r00.yaml', code: 'document.duplicate-id' });
    expect(result.diagnostics[0]?.message).toBe(
      `alert rule id ${ID} is also claimed by r01.yaml:1, r02.yaml:1, r03.yaml:1, r04.yaml:1, r05.yaml:1 and 34 more (40 documents in all)`,
    );
    expect(result.diagnostics[39]).toMatchObject({ file: 'r39.yaml', code: 'document.duplicate-id' });
    expect(result.diagnostics[39]?.message).toBe(
      `alert rule id ${ID} is also claimed by r00.yaml:1, r01.yaml:1, r02.yaml:1, r03.yaml:1, r04.yaml:1 and 34 more (40 documents in all)`,
    );
  });

  it('the same name on two clusters, or two distinct ids, is fine', () => {
    const other = VALID_RULE.replace(
      'c1a5e7e0-0000-4000-8000-000000000101',
      'c1a5e7e0-0000-4000-8000-000000000102',
    );
    const result = parseTexts({
      'a.yaml': `id: ${ID}\n${VALID_RULE}`,
      'b.yaml': `id: ${ID.replace('501', '502')}\n${other}`,
    });
    expect(result.diagnostics).toEqual([]);
  });

  it('one component of one cluster configured twice: an error at each; without a cluster id, no comparison', () => {
    const withCluster = VALID_COMPONENT.replace(
      '{mode: QOVERY_MANAGED, provider: AWS}',
      '{mode: QOVERY_MANAGED, provider: AWS, id: c1a5e7e0-0000-4000-8000-000000000101}',
    );
    const result = parseTexts({ 'prod/dns.yaml': withCluster, 'prod/dns-copy.yaml': withCluster });
    expect(result.diagnostics.map((d) => ({ file: d.file, ...brief(d) }))).toEqual([
      {
        file: 'prod/dns-copy.yaml',
        code: 'document.duplicate-component',
        severity: 'error',
        line: 3,
        column: 1,
      },
      { file: 'prod/dns.yaml', code: 'document.duplicate-component', severity: 'error', line: 3, column: 1 },
    ]);
    expect(result.diagnostics[1]?.message).toBe(
      'component `external-dns` of cluster c1a5e7e0-0000-4000-8000-000000000101 is also configured by prod/dns-copy.yaml:3',
    );
    expect(parseTexts({ 'a.yaml': VALID_COMPONENT, 'b.yaml': VALID_COMPONENT }).diagnostics).toEqual([]);
  });

  it('documents that failed their own checks take no part', () => {
    const result = parseTexts({
      'a.yaml': `id: ${ID}\n${VALID_RULE}`,
      'b.yaml': `id: ${ID}\n${VALID_RULE.replace('severity: HIGH', 'severity: NOPE')}`,
    });
    expect(result.diagnostics.map((d) => d.code)).toEqual(['schema.enum']);
  });

  it('diagnostics are sorted: errors first, then by file and position', () => {
    const result = parseTexts({
      'b.yaml': 'kind: Nope\n',
      'a.yaml': '',
      'c.yaml': `${VALID_RULE.replace('severity: HIGH', 'severity: X')}`,
    });
    expect(result.diagnostics.map((d) => [d.severity, d.file])).toEqual([
      ['error', 'b.yaml'],
      ['error', 'c.yaml'],
      ['warning', 'a.yaml'],
    ]);
    expect(result.files).toEqual(['a.yaml', 'b.yaml', 'c.yaml']);
  });
});
