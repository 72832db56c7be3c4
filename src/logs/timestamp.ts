/**
 * Log timestamps carry nanoseconds (`2022-06-22T14:20:17.733084815Z`). Date keeps milliseconds only, so two
 * entries 300 ns apart would compare equal and come out in whatever order the sort liked. We parse the text
 * into whole UTC seconds plus nanoseconds instead, honouring the offset, with integer arithmetic only.
 */
export interface TimeKey {
  /** Seconds since 1970-01-01T00:00:00Z. */
  readonly seconds: number;
  /** 0 … 999 999 999. */
  readonly nanos: number;
  /** The fraction as written (up to 9 digits), for display without inventing precision. */
  readonly fraction: string;
}

// RFC 3339 (lower-case t/z and a space separator are allowed by its note); a missing offset is read as UTC.
const RFC3339 =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:[.,](\d{1,}))?(?:([Zz])|([+-])(\d{2}):?(\d{2}))?$/;

const SECONDS_PER_DAY = 86_400;

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const monthIndex = month > 2 ? month - 3 : month + 9;
  const dayOfYear = Math.floor((153 * monthIndex + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** The inverse of daysFromCivil. */
function civilFromDays(days: number): { year: number; month: number; day: number } {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthIndex = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthIndex + 2) / 5) + 1;
  const month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** The comparable key of a timestamp, or null when it is absent or not an RFC 3339 date-time. */
export function parseTimestamp(text: string | undefined | null): TimeKey | null {
  if (typeof text !== 'string') return null;
  const m = RFC3339.exec(text.trim());
  if (!m) return null;
  const [, ys, mos, ds, hs, mis, ss, frac = '', , sign, oh = '0', om = '0'] = m;
  const year = Number(ys);
  const month = Number(mos);
  const day = Number(ds);
  const hour = Number(hs);
  const minute = Number(mis);
  const second = Number(ss);
  // 60 is a leap second: it sorts after :59 and before the next minute's :00 as the arithmetic below gives.
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) return null;
  if (Number(oh) > 23 || Number(om) > 59) return null;
  const offset = sign ? (sign === '-' ? -1 : 1) * (Number(oh) * 3600 + Number(om) * 60) : 0;
  const fraction = frac.slice(0, 9);
  const seconds =
    daysFromCivil(year, month, day) * SECONDS_PER_DAY + hour * 3600 + minute * 60 + second - offset;
  return { seconds, nanos: Number(fraction.padEnd(9, '0')), fraction };
}

/** Older first. */
export function compareTimeKeys(a: TimeKey, b: TimeKey): number {
  return a.seconds - b.seconds || a.nanos - b.nanos;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** `2022-06-22 14:20:17.733084815Z`: UTC whatever offset was written, with the fraction as written. */
export function formatTimeKey(key: TimeKey): string {
  const days = Math.floor(key.seconds / SECONDS_PER_DAY);
  const rest = key.seconds - days * SECONDS_PER_DAY;
  const { year, month, day } = civilFromDays(days);
  const time = `${pad(Math.floor(rest / 3600))}:${pad(Math.floor((rest % 3600) / 60))}:${pad(rest % 60)}`;
  const fraction = key.fraction ? `.${key.fraction}` : '';
  return `${pad(year, 4)}-${pad(month)}-${pad(day)} ${time}${fraction}Z`;
}

/** A timestamp for display: normalized to UTC when it parses, else the text as given (or an empty string). */
export function displayTimestamp(text: string | undefined | null): string {
  const key = parseTimestamp(text);
  if (key) return formatTimeKey(key);
  return typeof text === 'string' ? text : '';
}
