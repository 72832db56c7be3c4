/** Lengths of time as the backtest's sentences say them: `55 min`, `3 h 20 min`, `2 d 4 h`, `30 s`. */

export function formatSpan(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? `${days} d` : `${days} d ${hours % 24} h`;
}

/** A window as a person says it: `the last 7 days`, `the last 24 hours`, `the last 90 minutes`. */
export function windowWords(seconds: number): string {
  if (seconds % 86_400 === 0)
    return seconds === 86_400 ? 'the last day' : `the last ${seconds / 86_400} days`;
  if (seconds % 3_600 === 0) return seconds === 3_600 ? 'the last hour' : `the last ${seconds / 3_600} hours`;
  return `the last ${Math.round(seconds / 60)} minutes`;
}
