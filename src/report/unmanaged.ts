/**
 * The live objects of every kind that no document manages: listed, never touched. One
 * list in the plan (`Plan.unmanaged`), each object named by its kind (src/kinds/, `unmanagedLine`), and
 * grouped by kind on every face, the lead kind (rules) first.
 */
import { printable } from '../core/printable.js';
import type { Kind } from '../kinds/change-kind.js';
import { allKinds } from '../kinds/registry.js';
import { inlineCode } from '../markdown/escape.js';
import type { Change, Plan, UnmanagedObject } from '../model/types.js';

/** Enough to recognize them; an organization may have hundreds, which only the JSON output lists in full. */
const MAX_LISTED = 20;
/** At most this many names of one kind in a comment's line. */
const MAX_NAMED = 10;

/** Each kind with objects no document manages, with them. */
function byKind(plan: Plan | null): { kind: Kind<Change>; objects: UnmanagedObject[] }[] {
  const unmanaged = plan?.unmanaged ?? [];
  return allKinds()
    .map((kind) => ({ kind, objects: unmanaged.filter((u) => u.kind === kind.kind) }))
    .filter(({ objects }) => objects.length > 0);
}

/** The terminal's lists, one per kind: a heading, then one line per object. */
export function unmanagedText(plan: Plan): string[] {
  return byKind(plan).flatMap(({ kind, objects }) =>
    listedLines(`Live ${kind.plural} no document manages (listed, never touched):`, objects, (u) =>
      kind.unmanagedLine(u as never),
    ),
  );
}

/** A terminal list of live objects the plan mentions: its title, a line each (capped), a blank line. */
export function listedLines<T>(title: string, items: readonly T[], line: (item: T) => string): string[] {
  if (items.length === 0) return [];
  return [
    title,
    ...items.slice(0, MAX_LISTED).map((item) => `  • ${printable(line(item))}`),
    ...(items.length > MAX_LISTED
      ? [`  … and ${items.length - MAX_LISTED} more (--format json lists them all)`]
      : []),
    '',
  ];
}

/** The comment's lines, one per kind, by name; '' when there are none. */
export function unmanagedMarkdown(plan: Plan | null): string {
  return byKind(plan)
    .map(({ kind, objects }) => {
      const names = objects.slice(0, MAX_NAMED).map((u) => inlineCode(u.name));
      const more = objects.length > MAX_NAMED ? ` and ${objects.length - MAX_NAMED} more` : '';
      return `Live ${kind.plural} no document manages (listed, never touched): ${names.join(', ')}${more}`;
    })
    .join('\n\n');
}
