import { readFile } from 'node:fs/promises';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SCHEMAS } from '../../../src/documents/index.js';
import { validateAgainstSchema } from '../../../src/documents/schema-validate.js';
import { inRepository } from '../../helpers/repository.js';
import { VALID_COMPONENT, VALID_RULE } from './helpers.js';

// Whether the generated files are in step with schemas/ is CI's check (generate-validators.mjs --check);
// this is what they do: the same findings as the schemas compiled afresh.
describe('the generated validators', () => {
  it('find what a fresh ajv compile of the schemas finds', async () => {
    const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true });
    // ajv-formats is CommonJS: under Node's ESM rules its default import is module.exports.
    addFormats.default(ajv, ['uuid', 'uri', 'duration']);
    const compiled = {
      AlertRule: ajv.compile(SCHEMAS.AlertRule),
      PlatformComponent: ajv.compile(SCHEMAS.PlatformComponent),
    };
    const samples: [keyof typeof compiled, string][] = [
      ['AlertRule', VALID_RULE],
      ['AlertRule', VALID_RULE.replace('PT5M', '5m').replace('HIGH', 'URGENT').replace('runbooks.', 'x y')],
      ['AlertRule', 'kind: AlertRule\nname: ""\ncondition: {kind: CUSTOM}\nalert_receivers: []\nextra: 1\n'],
      ['PlatformComponent', VALID_COMPONENT],
      [
        'PlatformComponent',
        'kind: PlatformComponent\ntemplate: {key: 1}\ncluster: {mode: X}\nclusterInputs: {a: 1}\n',
      ],
    ];
    for (const [kind, text] of [...samples, ...(await corpusSamples())]) {
      const value = parse(text);
      const validate = compiled[kind];
      validate(value);
      const strip = (errors: readonly { instancePath: string; keyword: string; params: object }[]) =>
        errors.map(({ instancePath, keyword, params }) => ({ instancePath, keyword, params }));
      expect(strip(validateAgainstSchema(kind, value)), text).toEqual(strip(validate.errors ?? []));
    }
  });
});

async function corpusSamples(): Promise<['AlertRule' | 'PlatformComponent', string][]> {
  const files = [
    'bad-uuid-item',
    'missing-required',
    'unknown-field',
    'wrong-enum',
    'wrong-type',
    'component-errors',
  ];
  return Promise.all(
    files.map(async (name) => {
      const text = await readFile(inRepository('fixtures', 'invalid', `${name}.yaml`), 'utf8');
      return [text.startsWith('kind: PlatformComponent') ? 'PlatformComponent' : 'AlertRule', text] as const;
    }),
  ) as Promise<['AlertRule' | 'PlatformComponent', string][]>;
}
