/** The most of a source line a message repeats: enough to recognise it, never a whole minified file. */
export const MAX_QUOTED_CHARS = 200;

/** `text` as a message may quote it: at most MAX_QUOTED_CHARS characters, an ellipsis saying when cut. */
export function quoteSource(text: string): string {
  return text.length <= MAX_QUOTED_CHARS ? text : `${text.slice(0, MAX_QUOTED_CHARS)}…`;
}
