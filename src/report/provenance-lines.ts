/**
 * Where a live object's declared value came from: the last commit that changed its document's file, the pull
 * request that commit came from, and how that commit's apply went, each only when known. One line under
 * the change in the job summary and the drift issue; nothing is said that was not found (a shallow clone,
 * a commit past the lookup cap, a run GitHub would not describe).
 */
import { codeLink, link } from '../markdown/escape.js';
import type { Change } from '../model/types.js';
import type { SourceLinks } from './change-markdown.js';

/** The line under a change, or '' when nothing is known of its file. */
export function provenanceLine(change: Change, links: SourceLinks | null | undefined): string {
  if (!links || (change.action !== 'update' && change.action !== 'delete')) return '';
  const found = links.provenance?.get(change.file);
  if (!found) return '';
  const commit = codeLink(found.sha.slice(0, 7), `${links.server}/${links.repository}/commit/${found.sha}`);
  const pull = found.pullRequest ? ` (${link(`#${found.pullRequest.number}`, found.pullRequest.url)})` : '';
  const where = `${found.asOf === 'base' ? 'Before this change, its' : 'Its'} file was last changed in ${commit}${pull}`;
  switch (found.apply) {
    case 'succeeded':
      return `${where}, whose apply succeeded.`;
    case 'did not succeed':
      return `${where}, whose apply did not succeed.`;
    default:
      // 'unknown' is said once for the whole plan (unknownApplyLine), not under every change.
      return `${where}.`;
  }
}

/**
 * One line for the whole plan naming the commits whose apply could not be told (no Checks run found, or
 * GitHub would not say), or '' when there are none: under every change it read as a refrain.
 */
export function unknownApplyLine(changes: readonly Change[], links: SourceLinks | null | undefined): string {
  if (!links?.provenance) return '';
  const commits = new Set<string>();
  for (const change of changes) {
    if (change.action !== 'update' && change.action !== 'delete') continue;
    const found = links.provenance.get(change.file);
    if (found?.apply === 'unknown') commits.add(found.sha);
  }
  if (commits.size === 0) return '';
  const named = [...commits].map((sha) =>
    codeLink(sha.slice(0, 7), `${links.server}/${links.repository}/commit/${sha}`),
  );
  const list = named.length === 1 ? named[0] : `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
  return `For ${list}, no finished apply run could be read: whether ${named.length === 1 ? 'it was' : 'they were'} applied is not known.`;
}
