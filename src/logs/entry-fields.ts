import { plural } from '../core/plural.js';
import type { ClusterLogEntry, LogEventDetails } from '../service/types.js';
import { displayTimestamp } from './timestamp.js';

/**
 * What each renderer shows of an entry, read in one place so that the summary, the terminal text and the
 * main step's failure summary agree. Every field is optional at the boundary.
 */
export function entryTime(entry: ClusterLogEntry): string {
  return displayTimestamp(entry.timestamp) || '(no time)';
}

export function entryLevel(entry: ClusterLogEntry): string {
  return entry.type?.trim() || (entry.error ? 'error' : 'info');
}

export function entryStep(entry: ClusterLogEntry): string {
  return entry.step?.trim() ?? '';
}

/** The line to show: the safe message, else for an error its tag and user message. */
export function entryMessage(entry: ClusterLogEntry): string {
  const safe = entry.message?.safe_message?.trim();
  if (safe) return safe;
  const error = entry.error;
  if (!error) return '';
  return [error.tag, error.user_log_message].filter((part) => part?.trim()).join(': ');
}

/** Provider, region and transmitter: on `details` for most entries, on `error.event_details` for errors. */
export function entryDetails(entry: ClusterLogEntry): LogEventDetails | undefined {
  return entry.details ?? entry.error?.event_details;
}

export function describeTransmitter(details: LogEventDetails | undefined): string {
  const t = details?.transmitter;
  if (!t) return '';
  const name = t.name?.trim();
  const id = t.id?.trim();
  const kind = t.type?.trim();
  const who = name && id && name !== id ? `${name} (${id})` : (name ?? id ?? '');
  return [kind, who].filter(Boolean).join(' ');
}

export function hasDetails(details: LogEventDetails | undefined): boolean {
  return Boolean(details?.provider_kind || details?.region || describeTransmitter(details));
}

/** The heading of the entries shown: `Newest 4 of 9 entries, oldest first`, `Newest 1 entry`. */
export function newestEntries(shown: number, total: number): string {
  if (total > shown) return `Newest ${shown} of ${plural(total, 'entry', 'entries')}, oldest first`;
  return shown === 1 ? 'The one entry' : `Newest ${plural(shown, 'entry', 'entries')}, oldest first`;
}
