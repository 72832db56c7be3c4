import { nearestName } from '../core/nearest-name.js';

export { editDistance, nearestName } from '../core/nearest-name.js';

export function didYouMean(written: string, known: readonly string[]): string {
  const nearest = nearestName(written, known);
  return nearest === null ? '' : ` — did you mean \`${nearest}\`?`;
}
