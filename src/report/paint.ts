/**
 * Colour for a terminal: one painter for every text face, and one symbol and colour per change action,
 * the same for a rule and a receiver.
 */

/** Wraps `text` in the ANSI colour `code`, or leaves it as it is when colour is off. */
export type Paint = (code: string, text: string) => string;

export function painter(color: boolean): Paint {
  return color ? (code, text) => `\u001b[${code}m${text}\u001b[0m` : (_code, text) => text;
}

export const CHANGE_SYMBOL = { create: '+', update: '~', delete: '-', noop: ' ' } as const;
export const CHANGE_COLOR = { create: '32', update: '33', delete: '31', noop: '0' } as const;
