/**
 * How long ago `thenMs` was at `nowMs`, in the words a person reads at a glance: `just now`, `40 s ago`,
 * `4 min ago`, `5 h ago`, `1 day ago`, `3 days ago`. Whole units, rounded down, so an age never claims
 * more time than has passed. A time a little ahead (clocks of two machines disagree by a few seconds) is
 * `just now`; further ahead it says so (`in 5 min`) rather than pretending it is past.
 */
import { plural } from './plural.js';

export function formatAge(nowMs: number, thenMs: number): string {
  const deltaMs = nowMs - thenMs;
  if (deltaMs < 0) {
    const ahead = -deltaMs;
    return ahead < SKEW_MS ? 'just now' : `in ${amount(ahead)}`;
  }
  if (deltaMs < 1_000) return 'just now';
  return `${amount(deltaMs)} ago`;
}

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Ahead by less than this reads as now: the runner's and the service's clocks are not the same clock. */
const SKEW_MS = MINUTE;

function amount(ms: number): string {
  if (ms < MINUTE) return `${Math.floor(ms / SECOND)} s`;
  if (ms < HOUR) return `${Math.floor(ms / MINUTE)} min`;
  if (ms < DAY) return `${Math.floor(ms / HOUR)} h`;
  const days = Math.floor(ms / DAY);
  return plural(days, 'day');
}
