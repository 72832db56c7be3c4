/**
 * The examples of the code pages give the code they illustrate. Each section of docs/reference/codes/ whose
 * example is a YAML document, for a code `validate` reports offline, is loaded as `validate` loads a file: a
 * whole document (with its `kind`) as written, a fragment (`condition: …`) laid over a valid alert rule. A page
 * whose example stopped giving its code (the check moved, the message changed code) fails here.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { CODE_PAGES_DIR } from '../../../src/core/published.js';
import { loadDocuments } from '../../../src/documents/load.js';
import { inRepository } from '../../helpers/repository.js';

/** The families `validate` reports without the service; the others' examples need its answers. */
const OFFLINE = new Set(['yaml', 'document', 'schema', 'promql', 'name', 'objective']);

const VALID_RULE = {
  kind: 'AlertRule',
  organization_id: '7f1b2c3d-0000-4000-8000-000000000001',
  cluster: 'prod-eu',
  target: { service: 'shop/production/api' },
  name: 'api-latency',
  condition: { kind: 'CUSTOM', promql: 'up == 0', operator: 'NONE' },
  for_duration: 'PT5M',
  severity: 'HIGH',
  alert_receivers: ['slack-oncall'],
};

async function yamlExamples(): Promise<Array<{ code: string; yaml: string }>> {
  const dir = inRepository(CODE_PAGES_DIR);
  const examples: Array<{ code: string; yaml: string }> = [];
  for (const name of (await readdir(dir)).filter((n) => n.endsWith('.md') && n !== 'README.md')) {
    const text = await readFile(join(dir, name), 'utf8');
    for (const section of text.split(/^(?=## )/m).slice(1)) {
      const code = /^## (\S+)/.exec(section)![1]!;
      const yaml = /\*\*Example\.\*\*\n\n```yaml\n([\s\S]*?)```/.exec(section)?.[1];
      if (yaml && OFFLINE.has(code.split('.')[0]!)) examples.push({ code, yaml });
    }
  }
  return examples;
}

/** What an example starts with when it is a part of a rule, not a whole document. */
const PART = '# part of an AlertRule\n';

/**
 * A whole document as written; a part laid over the valid rule, its fields replacing the rule's (`condition`
 * merged, so that `promql:` alone keeps the condition's `kind`).
 */
function asDocument(yaml: string): string {
  if (!yaml.startsWith(PART)) return yaml;
  const part = parse(yaml) as Record<string, unknown>;
  return stringify({
    ...VALID_RULE,
    ...part,
    ...(part.condition ? { condition: { ...VALID_RULE.condition, ...(part.condition as object) } } : {}),
  });
}

describe('the examples of the code pages', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'code-examples-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('each give the code they illustrate', async () => {
    const examples = await yamlExamples();
    expect(examples.length).toBeGreaterThan(25);
    const wrong: string[] = [];
    for (const [i, { code, yaml }] of examples.entries()) {
      const file = `example-${i}.yaml`;
      await writeFile(join(dir, file), asDocument(yaml));
      const { diagnostics } = await loadDocuments(dir, [file]);
      const codes = diagnostics.map((d) => d.code);
      if (!codes.includes(code)) wrong.push(`${code}: the example gives ${codes.join(', ') || 'no finding'}`);
    }
    expect(wrong).toEqual([]);
  });
});
