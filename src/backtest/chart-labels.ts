/** The label of each bar of a firing chart: the UTC hour (`14h`) or day (`Nov 20`) it starts. */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

export function bucketLabels(start: number, bucketSeconds: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const at = new Date((start + i * bucketSeconds) * 1000);
    if (bucketSeconds < 86_400) return `${String(at.getUTCHours()).padStart(2, '0')}h`;
    return `${MONTHS[at.getUTCMonth()]} ${at.getUTCDate()}`;
  });
}

/** "per hour" or "per day", for the caption. */
export function bucketWords(bucketSeconds: number): string {
  return bucketSeconds < 86_400 ? 'per hour' : 'per day';
}
