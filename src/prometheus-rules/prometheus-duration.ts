/**
 * Prometheus durations (`1h30m`, `90s`, `1d`, `500ms`) ↔ the ISO-8601 durations of `for_duration`. The
 * ISO grammar is the project's one (src/core/duration.ts); this file only converts.
 */
import { durationSeconds } from '../core/duration.js';

/** Prometheus's units, in the order a duration must write them (model.ParseDuration). */
const UNITS: readonly (readonly [string, number])[] = [
  ['y', 365 * 86_400_000],
  ['w', 7 * 86_400_000],
  ['d', 86_400_000],
  ['h', 3_600_000],
  ['m', 60_000],
  ['s', 1_000],
  ['ms', 1],
];
const PROMETHEUS_DURATION =
  /^(?:(\d+)y)?(?:(\d+)w)?(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?(?:(\d+)ms)?$/;

/** Milliseconds of a Prometheus duration, or null when the text is not one (`1.5h`, `5 m`, `m5`). */
export function prometheusMilliseconds(text: string): number | null {
  if (text === '0') return 0;
  const match = PROMETHEUS_DURATION.exec(text);
  if (!match || text === '') return null;
  let ms = 0;
  for (let i = 0; i < UNITS.length; i++) {
    const part = match[i + 1];
    if (part !== undefined) ms += Number(part) * UNITS[i]![1];
  }
  return Number.isSafeInteger(ms) ? ms : null;
}

/** Whole seconds as ISO-8601, in days, hours, minutes and seconds (`PT1H30M`, `P1DT2H`, `PT0S`). */
export function isoDuration(seconds: number): string {
  if (seconds === 0) return 'PT0S';
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  const rest = seconds % 60;
  const time = `${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${rest ? `${rest}S` : ''}`;
  return `P${days ? `${days}D` : ''}${time ? `T${time}` : ''}`;
}

/**
 * An ISO-8601 duration as Prometheus writes one (`PT1H30M` → `1h30m`), or null when it has no fixed length
 * (years, months) or is not a duration of the grammar.
 */
export function prometheusDuration(iso: string): string | null {
  const seconds = durationSeconds(iso);
  if (seconds === null) return null;
  if (seconds === 0) return '0s';
  let rest = seconds * 1000;
  let text = '';
  // Weeks and years are left out: `8d` reads better than `1w1d`, and a year is not 365 days everywhere.
  for (const [unit, ms] of UNITS.filter(([u]) => u !== 'y' && u !== 'w' && u !== 'ms')) {
    const count = Math.floor(rest / ms);
    if (count > 0) text += `${count}${unit}`;
    rest -= count * ms;
  }
  return text;
}
