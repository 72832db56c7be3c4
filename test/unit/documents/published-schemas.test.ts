import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { publishedFileUrl, SCHEMA_FILES } from '../../../src/core/published.js';

const root = join(import.meta.dirname, '..', '..', '..');
const schema = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8'));

/** The combined schema as an editor uses it: resolving `$ref`s against the absolute `$id`s. */
function combinedValidator() {
  const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true });
  addFormats.default(ajv, ['uuid', 'uri', 'duration', 'email']);
  ajv
    .addSchema(schema(SCHEMA_FILES.AlertRule))
    .addSchema(schema(SCHEMA_FILES.AlertReceiver))
    .addSchema(schema(SCHEMA_FILES.PlatformComponent))
    .addSchema(schema(SCHEMA_FILES.ServiceLevelObjective));
  return ajv.compile(schema(SCHEMA_FILES.any));
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.ya?ml$/.test(f))
    .map((f) => join(dir, f));
}

describe('the published schemas', () => {
  it('have an absolute $id: the raw URL of the file at the major tag, from the one constant', () => {
    for (const path of Object.values(SCHEMA_FILES)) {
      expect(schema(path).$id).toBe(publishedFileUrl(path));
      expect(schema(path).$id).toMatch(
        /^https:\/\/raw\.githubusercontent\.com\/[^/]+\/[^/]+\/v\d+\/schemas\//,
      );
    }
    const shipped = readdirSync(join(root, 'schemas')).map((f) => `schemas/${f}`);
    expect(shipped.sort()).toEqual(Object.values(SCHEMA_FILES).sort());
  });

  it('show the name forms first: an editor offers them before the ids, and a missing one is named first', () => {
    const rule = schema(SCHEMA_FILES.AlertRule);
    const fields = Object.keys(rule.properties);
    const nameFirst = (name: string, id: string) =>
      expect(fields.indexOf(name)).toBeLessThan(fields.indexOf(id));
    nameFirst('cluster', 'cluster_id');
    nameFirst('alert_receivers', 'alert_receiver_ids');
    expect(Object.keys(rule.properties.target.properties).slice(0, 3)).toEqual([
      'service',
      'environment',
      'cluster',
    ]);
    expect(rule.anyOf.map((a: { required: string[] }) => a.required[0])).toEqual([
      'alert_receivers',
      'alert_receiver_ids',
    ]);
  });

  it('the combined schema accepts every document of the example repository, several per file', () => {
    const validate = combinedValidator();
    const files = yamlFiles(join(root, 'fixtures', 'example'));
    let documents = 0;
    for (const file of files) {
      for (const doc of parseAllDocuments(readFileSync(file, 'utf8'))) {
        documents++;
        const valid = validate(doc.toJS());
        expect({ file: relative(root, file), errors: valid ? null : validate.errors }).toEqual({
          file: relative(root, file),
          errors: null,
        });
      }
    }
    expect(documents).toBeGreaterThan(files.length);
  });

  it("the combined schema switches on kind: each kind's own rules apply, and an unknown kind is refused", () => {
    const validate = combinedValidator();
    expect(validate({ kind: 'AlertRule', name: 'x' })).toBe(false);
    expect(validate.errors?.map((e) => e.params)).toContainEqual({ missingProperty: 'condition' });
    expect(validate({ kind: 'AlertReceiver', name: 'x', type: 'EMAIL' })).toBe(false);
    expect(validate.errors?.map((e) => e.params)).toContainEqual({ missingProperty: 'smarthost' });
    expect(validate({ kind: 'PlatformComponent', component: 'x' })).toBe(false);
    expect(validate.errors?.map((e) => e.params)).toContainEqual({ missingProperty: 'template' });
    expect(validate.errors?.map((e) => e.params)).not.toContainEqual({ missingProperty: 'condition' });
    expect(validate({ kind: 'Dashboard' })).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({ instancePath: '/kind', keyword: 'enum' });
  });
});
