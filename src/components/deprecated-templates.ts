import { type Diagnostic, diagnostic } from '../core/diagnostic.js';
import { ApiError } from '../service/errors.js';
import type { PlatformTemplate } from '../service/types.js';
import type { ComponentTarget } from './component-target.js';
import type { Outcome } from './document-outcome.js';
import { anchor } from './violations.js';

export const DEPRECATED_TEMPLATE_CODE = 'component.template-deprecated';

/**
 * One warning per template version the catalog marks DEPRECATED, on the first document (by file and line)
 * resolved in this run that names it, counting the others. The resolve answer does not carry the release's
 * status, so the organization's template list tells it: the same list that explains a 404, read at most once
 * per organization (`templates` is the resolver's cached reader), and only for organizations with a
 * successful resolve in this run. A list that cannot be read adds no finding: deprecation is advice, and the
 * resolves themselves already reported any failure of the service.
 */
export async function deprecatedTemplateDiagnostics(
  outcomes: ReadonlyMap<ComponentTarget, Outcome>,
  templates: (organizationId: string) => Promise<PlatformTemplate[] | ApiError>,
): Promise<Diagnostic[]> {
  const users = new Map<string, ComponentTarget[]>();
  for (const [target, outcome] of outcomes) {
    if (outcome.kind !== 'attempted' || !outcome.resolution.ok || target.organizationId === null) continue;
    const { key, version } = target.document.value.template;
    const id = JSON.stringify([target.organizationId, key, version]);
    users.set(id, [...(users.get(id) ?? []), target]);
  }
  const organizations = [...new Set([...users.values()].map((list) => list[0]!.organizationId!))];
  const catalogs = new Map(
    await Promise.all(organizations.map(async (org) => [org, await templates(org)] as const)),
  );
  const out: Diagnostic[] = [];
  for (const list of users.values()) {
    const [first, ...others] = [...list].sort(byPlace);
    const organizationId = first!.organizationId!;
    const catalog = catalogs.get(organizationId);
    if (catalog === undefined || catalog instanceof ApiError) continue;
    const { key, version } = first!.document.value.template;
    const release = catalog.find((t) => t.key === key && t.version === version);
    if (release?.status !== 'DEPRECATED') continue;
    const current = catalog.filter((t) => t.key === key && t.status === 'PUBLISHED').map((t) => t.version);
    const also =
      others.length === 0
        ? ''
        : ` (${others.length} more document${others.length === 1 ? ' of this run uses' : 's of this run use'} it)`;
    out.push(
      diagnostic(
        'warning',
        first!.document.file,
        anchor(first!, ['template', 'version']),
        DEPRECATED_TEMPLATE_CODE,
        `Platform template \`${key}\` version ${version} is deprecated in organization ${organizationId}${also}; ` +
          (current.length > 0
            ? `move to a published version: ${current.join(', ')}.`
            : 'the catalog has no published version of it yet.'),
        'Deprecated template version',
      ),
    );
  }
  return out;
}

function byPlace(a: ComponentTarget, b: ComponentTarget): number {
  const x = anchor(a, []);
  const y = anchor(b, []);
  return a.document.file.localeCompare(b.document.file) || x.line - y.line;
}
