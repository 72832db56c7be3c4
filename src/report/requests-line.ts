/**
 * How many requests a run made, in words every face shares: only attempts the service answered are
 * "requests to the service"; attempts that never reached it (a refused connection, a timeout) are said
 * apart, so that a run against an unreachable address never reads as one that talked to the service.
 */
import { plural } from '../core/plural.js';
import type { RequestCounts } from '../service/types.js';

export function requestsSentence(requests: RequestCounts): string {
  const unanswered = requests.unanswered ?? 0;
  const answered = requests.total - unanswered;
  if (requests.total === 0) return 'No requests to the service';
  if (answered === 0) return `${plural(unanswered, 'attempt')} to reach the service, none answered`;
  const sent = `${plural(answered, 'request')} to the service`;
  return unanswered === 0 ? sent : `${sent}, and ${plural(unanswered, 'attempt')} it never answered`;
}
