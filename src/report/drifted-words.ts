import { plural } from '../core/plural.js';

/**
 * What a drift found, by kind: `2 live rules`, `1 alert receiver`, `1 live rule and 1 alert receiver`
 * (`ruleNoun` names the rules as the sentence needs). Rules are said even at 0 when no receiver drifted.
 */
export function driftedWords(rules: number, receivers: number, ruleNoun: string): string {
  const ofReceivers = plural(receivers, 'alert receiver');
  if (receivers === 0) return plural(rules, ruleNoun);
  return rules === 0 ? ofReceivers : `${plural(rules, ruleNoun)} and ${ofReceivers}`;
}
