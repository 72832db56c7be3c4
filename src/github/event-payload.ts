/** The few fields of an event's payload a decision reads, read defensively: its shape is unknown. */

/** The pull request's number, from the pull request or else the event (GitHub sends both). */
export function pullRequestNumber(pr: unknown, payload: unknown): number | null {
  return num(field(pr, 'number')) ?? num(field(payload, 'number'));
}

/** A fork's head repository differs from the base's (or was deleted: head.repo is null). */
export function isFork(pr: unknown): boolean {
  const head = str(field(field(field(pr, 'head'), 'repo'), 'full_name'));
  const base = str(field(field(field(pr, 'base'), 'repo'), 'full_name'));
  if (base === null) return false;
  return head === null || head.toLowerCase() !== base.toLowerCase();
}

export function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && Object.hasOwn(value, key)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

export function str(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;
}
