/**
 * Where the project is published: the one place that names the repository. The schemas' `$id`
 * (schemas/*.schema.json, kept equal to these by test/unit/documents/schema-ids.test.ts), the editor settings
 * and the workflow `init` writes all derive from it.
 */
export const REPOSITORY = 'acme/platform-gitops';

/** The major tag users pin (docs/releasing.md): the action's `uses:` and the schemas' URLs follow it. */
export const MAJOR_TAG = 'v1';

/** The raw URL of a file of the repository at the major tag. */
export function publishedFileUrl(path: string): string {
  return `https://raw.githubusercontent.com/${REPOSITORY}/${MAJOR_TAG}/${path}`;
}

/** The schema files; `platform-gitops` switches on `kind` between the two others (for editors). */
export const SCHEMA_FILES = {
  AlertRule: 'schemas/alert-rule.schema.json',
  PlatformComponent: 'schemas/platform-component.schema.json',
  any: 'schemas/platform-gitops.schema.json',
} as const;
