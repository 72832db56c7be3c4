import packageJson from '../../package.json' with { type: 'json' };

/**
 * Where the project is published: the repository package.json names, read here once. The schemas' `$id`
 * (schemas/*.schema.json, kept equal to these by test/unit/documents/schema-ids.test.ts), the editor settings
 * and the workflow `init` writes (`uses: owner/repository@tag`) all derive from it.
 */
export const REPOSITORY = repositoryOf(packageJson.repository.url);

/** `owner/name` of a GitHub repository URL as package.json writes it (`git+https://github.com/o/n.git`). */
export function repositoryOf(url: string): string {
  const match = /github\.com[/:]([A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+?)(?:\.git)?\/?$/.exec(url);
  if (!match?.[1]) throw new Error(`package.json's repository.url is not a GitHub repository: ${url}`);
  return match[1];
}

/** The major tag users pin (docs/releasing.md): the action's `uses:` and the schemas' URLs follow it. */
export const MAJOR_TAG = 'v1';

/** The raw URL of a file of the repository at the major tag. */
export function publishedFileUrl(path: string): string {
  return `https://raw.githubusercontent.com/${REPOSITORY}/${MAJOR_TAG}/${path}`;
}

/** The schema files; `platform-gitops` switches on `kind` between the others (for editors). */
export const SCHEMA_FILES = {
  AlertRule: 'schemas/alert-rule.schema.json',
  AlertReceiver: 'schemas/alert-receiver.schema.json',
  PlatformComponent: 'schemas/platform-component.schema.json',
  any: 'schemas/platform-gitops.schema.json',
} as const;
