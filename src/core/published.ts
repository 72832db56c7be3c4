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
  ServiceLevelObjective: 'schemas/service-level-objective.schema.json',
  any: 'schemas/platform-gitops.schema.json',
} as const;

/** Where the pages of the diagnostic codes live: one page per family (the code's part before the dot). */
export const CODE_PAGES_DIR = 'docs/reference/codes';

/**
 * The page that explains a code: `plan.receiver-in-use` → docs/reference/codes/plan.md. A code without a
 * family is the service's own violation code (`VALUE_NOT_ALLOWED`), explained with the components.
 */
export function codePagePath(code: string): string {
  const family = /^([a-z][a-z0-9-]*)\./.exec(code)?.[1] ?? 'component';
  return `${CODE_PAGES_DIR}/${family}.md`;
}

/** The anchor GitHub gives the heading `## code` of that page: lower case, punctuation other than - and _ dropped. */
export function codeAnchor(code: string): string {
  return code
    .toLowerCase()
    .replace(/[^a-z0-9_ -]/g, '')
    .replace(/ /g, '-');
}

/**
 * The web address of a code's explanation, in the repository at the major tag, as the schemas' addresses
 * are: a code never changes meaning within a major version (docs/releasing.md), so the page at `v1` explains
 * the code of every `v1.y.z` installed, and the links a report prints stay the same from release to release.
 */
export function codePageUrl(code: string): string {
  return `https://github.com/${REPOSITORY}/blob/${MAJOR_TAG}/${codePagePath(code)}#${codeAnchor(code)}`;
}

/** The web address of the codes' index page, at the major tag. */
export const CODE_PAGES_URL = `https://github.com/${REPOSITORY}/blob/${MAJOR_TAG}/${CODE_PAGES_DIR}/README.md`;
