/** GitHub's limits on what the action posts, as the fake GitHub enforces them (a 422 like GitHub's). */

export const MAX_BODY_CHARS = 65_536;
/** output.summary and output.text: GitHub counts UTF-8 bytes. */
export const MAX_OUTPUT_BYTES = 65_535;
export const MAX_ANNOTATIONS_PER_REQUEST = 50;
export const MAX_ANNOTATION_MESSAGE_BYTES = 64 * 1024;
export const MAX_TITLE = 255;

/** Why GitHub would refuse a check run's `output`, or null when it would take it. */
export function checkRunOutputProblem(output: unknown): string | null {
  if (output === undefined) return null;
  const o = output as { title?: string; summary?: string; text?: string; annotations?: unknown[] };
  if (typeof o.title !== 'string' || typeof o.summary !== 'string') return 'output needs title and summary';
  if (Buffer.byteLength(o.summary, 'utf8') > MAX_OUTPUT_BYTES) return 'output.summary is too long';
  if (Buffer.byteLength(o.text ?? '', 'utf8') > MAX_OUTPUT_BYTES) return 'output.text is too long';
  const annotations = o.annotations ?? [];
  if (annotations.length > MAX_ANNOTATIONS_PER_REQUEST) return 'more than 50 annotations';
  for (const a of annotations as Record<string, unknown>[]) {
    if (typeof a.path !== 'string' || typeof a.start_line !== 'number' || typeof a.end_line !== 'number') {
      return 'annotation needs path, start_line and end_line';
    }
    if (!['notice', 'warning', 'failure'].includes(String(a.annotation_level))) return 'bad annotation_level';
    if (Buffer.byteLength(String(a.message ?? ''), 'utf8') > MAX_ANNOTATION_MESSAGE_BYTES) {
      return 'annotation message is too long';
    }
    if (typeof a.title === 'string' && a.title.length > MAX_TITLE) return 'annotation title is too long';
    if (a.start_column !== undefined && a.start_line !== a.end_line) return 'columns need one line';
  }
  return null;
}
