import type { Diagnostic } from '../core/diagnostic.js';
import { diagnostic } from '../core/diagnostic.js';
import { normalizeName } from '../names/name-match.js';
import { CODES } from './codes.js';
import type {
  AlertReceiverDocument,
  AlertRuleDocument,
  Document,
  PathSegment,
  PlatformComponentDocument,
} from './types.js';

/**
 * Checks that need more than one document: two documents that would manage one thing. Each of them gets
 * the error and names the others, since any may be the one to fix (and the one a change added).
 */
export function crossDocumentDiagnostics(documents: readonly Document[]): Diagnostic[] {
  return crossChecks(documents).flatMap((check) => check.findings);
}

/**
 * Every document of a group that would manage one thing, not only the first that carries the finding:
 * for a caller that must leave out each of them (export writes none of two rules that validate refuses).
 */
export function duplicatedDocuments(documents: readonly Document[]): ReadonlySet<Document> {
  return new Set(crossChecks(documents).flatMap((check) => check.members));
}

interface CrossCheck {
  readonly findings: Diagnostic[];
  readonly members: Document[];
}

function crossChecks(documents: readonly Document[]): CrossCheck[] {
  const rules = documents.filter((d): d is AlertRuleDocument => d.kind === 'AlertRule');
  const components = documents.filter((d): d is PlatformComponentDocument => d.kind === 'PlatformComponent');
  const receivers = documents.filter((d): d is AlertReceiverDocument => d.kind === 'AlertReceiver');
  return [
    duplicates(
      rules,
      (d) => (d.value.id === undefined ? null : d.value.id.toLowerCase()),
      ['id'],
      CODES.duplicateId,
      (d) => `alert rule id ${d.value.id ?? ''} is also claimed`,
    ),
    duplicates(
      rules,
      (d) => {
        // A cluster by name is compared under the match rule of names (without case and surrounding spaces).
        const { cluster_id: id, cluster } = d.value;
        if (id !== undefined) return [id.toLowerCase(), d.value.name];
        return cluster === undefined ? null : [`name:${normalizeName(cluster)}`, d.value.name];
      },
      ['name'],
      CODES.duplicateName,
      (d) =>
        `alert rule \`${d.value.name}\` on cluster ${d.value.cluster_id ?? d.value.cluster ?? ''} is also defined`,
    ),
    duplicates(
      receivers,
      (d) => (d.value.id === undefined ? null : d.value.id.toLowerCase()),
      ['id'],
      CODES.duplicateId,
      (d) => `alert receiver id ${d.value.id ?? ''} is also claimed`,
    ),
    // Rules name receivers by name: two receivers of one name would make every such name ambiguous.
    duplicates(
      receivers,
      (d) => [d.value.organization_id?.toLowerCase() ?? '', d.value.name],
      ['name'],
      CODES.duplicateName,
      (d) => `alert receiver \`${d.value.name}\` is also defined`,
    ),
    // Without a cluster id, two configurations of one component may well be for two clusters.
    duplicates(
      components,
      componentIdentity,
      ['component'],
      CODES.duplicateComponent,
      (d) => `component \`${d.value.component}\` of cluster ${d.value.cluster.id ?? ''} is also configured`,
    ),
  ];
}

/** How many of a group's other places a finding names; the rest are counted. */
const PLACES_NAMED = 5;

/**
 * The component documents that configure a component another document configures too: they carry an
 * error, so nothing is asked of the service for them (a plan resolves only documents without errors).
 */
export function conflictingComponents(documents: readonly Document[]): ReadonlySet<Document> {
  const groups = new Map<string, PlatformComponentDocument[]>();
  for (const d of documents) {
    if (d.kind !== 'PlatformComponent') continue;
    const key = componentIdentity(d);
    if (key === null) continue;
    groups.set(key, [...(groups.get(key) ?? []), d]);
  }
  return new Set([...groups.values()].filter((g) => g.length > 1).flat());
}

function componentIdentity(d: PlatformComponentDocument): string | null {
  const { cluster, template, component } = d.value;
  return cluster.id === undefined
    ? null
    : JSON.stringify([cluster.id.toLowerCase(), template.key, component]);
}

function duplicates<D extends Document>(
  documents: readonly D[],
  identity: (d: D) => string | readonly string[] | null,
  at: readonly PathSegment[],
  code: string,
  describe: (d: D) => string,
): CrossCheck {
  const groups = new Map<string, D[]>();
  for (const document of documents) {
    const parts = identity(document);
    if (parts === null) continue;
    const key = JSON.stringify(parts);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [document]);
    else group.push(document);
  }
  // One finding at every member of a group, each naming a few of the others: whichever document a change
  // added, its line carries the finding (a pull request's annotation lands on a line it touched). Naming
  // every other member would grow with the square of the group (4,931 copies of one id made 456 MB).
  const findings: Diagnostic[] = [];
  const members: D[] = [];
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    members.push(...group);
    const copies = group.length === 2 ? '' : ` (${group.length} documents in all)`;
    // The places named are among the group's first few: located once, not once per member.
    const named = group
      .slice(0, PLACES_NAMED + 1)
      .map((d) => ({ d, place: `${d.file}:${d.locate(at).line}` }));
    for (const member of group) {
      const places = named
        .filter((n) => n.d !== member)
        .slice(0, PLACES_NAMED)
        .map((n) => n.place);
      const more = group.length - 1 - places.length;
      const list = more > 0 ? `${places.join(', ')} and ${more} more` : places.join(', ');
      findings.push(
        diagnostic('error', member.file, member.locate(at), code, `${describe(member)} by ${list}${copies}`),
      );
    }
  }
  return { findings, members };
}
