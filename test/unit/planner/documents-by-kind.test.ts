import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDocuments } from '../../../src/documents/index.js';
import type { AlertRuleDocument, Document } from '../../../src/documents/types.js';
import { alertRules, organizationsOf, platformComponents } from '../../../src/planner/documents-by-kind.js';
import { ACME, EXAMPLE_ROOT } from '../commands/run-context.js';

const OTHER_ORG = '7f1b2c3d-0000-4000-8000-000000000002';
let root = '';
let documents: readonly Document[] = [];

beforeAll(async () => {
  // The example repository, with one component configured twice (in conflict).
  root = mkdtempSync(join(tmpdir(), 'documents-by-kind-'));
  cpSync(EXAMPLE_ROOT, root, { recursive: true });
  cpSync(
    join(root, 'components/prod-eu/cert-manager.yaml'),
    join(root, 'components/prod-eu/cert-manager-again.yaml'),
  );
  documents = (await loadDocuments(root, ['.'])).documents;
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('alertRules and platformComponents', () => {
  it('split the documents by kind, leaving out the components in conflict', () => {
    const rules = alertRules(documents);
    expect(rules.length).toBeGreaterThan(0);
    expect(rules.every((d) => d.kind === 'AlertRule')).toBe(true);
    const components = platformComponents(documents);
    expect(components.map((d) => d.file).sort()).toEqual([
      'components/prod-eu/external-dns.yaml',
      'components/prod-eu/ingress-nginx.yaml',
      'components/prod-eu/karpenter.yaml',
      'components/prod-eu/observability.yaml',
    ]);
    expect(rules.length + components.length + 2).toBe(documents.length);
  });
});

describe('organizationsOf', () => {
  const rule = (organization_id?: string) => ({ value: { organization_id } }) as unknown as AlertRuleDocument;

  it('names each organization once, in the documents order, the default for a rule that names none', () => {
    expect(organizationsOf([rule(OTHER_ORG), rule(), rule(ACME), rule(OTHER_ORG)], ACME)).toEqual([
      OTHER_ORG,
      ACME,
    ]);
  });

  it('names none for a rule without organization when there is no default', () => {
    expect(organizationsOf([rule()], null)).toEqual([]);
  });
});
