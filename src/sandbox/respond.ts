import type { ServerResponse } from 'node:http';
import type { Clock } from './sandbox-clock.js';

/** How many pieces a slow body is cut into. */
const SLOW_BODY_PIECES = 4;

/**
 * Writes one JSON answer. With `slowBodyMs` the body is sent in pieces with a pause between them (headers
 * first), so that clients can test their body timeouts. A client that goes away ends the pauses early.
 */
export async function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>>,
  options: { readonly slowBodyMs: number; readonly clock: Clock; readonly signal: AbortSignal },
): Promise<void> {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  if (status === 204 || body === undefined) {
    res.writeHead(status);
    res.end();
    return;
  }
  const payload = Buffer.from(JSON.stringify(body), 'utf8');
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': String(payload.length) });
  if (options.slowBodyMs <= 0) {
    res.end(payload);
    return;
  }
  const size = Math.ceil(payload.length / SLOW_BODY_PIECES);
  for (let offset = 0; offset < payload.length; offset += size) {
    if (offset > 0 && !(await pause(options.clock, options.slowBodyMs, options.signal))) return;
    res.write(payload.subarray(offset, offset + size));
  }
  res.end();
}

/** Writes a body that is not JSON, as it is: what a proxy or a broken deployment may answer instead. */
export function sendText(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Readonly<Record<string, string>>,
  contentType: string,
): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  const payload = Buffer.from(text, 'utf8');
  res.writeHead(status, { 'Content-Type': contentType, 'Content-Length': String(payload.length) });
  res.end(payload);
}

/** Sleeps on the sandbox's clock; false when the client went away meanwhile. */
export async function pause(clock: Clock, ms: number, signal: AbortSignal): Promise<boolean> {
  if (ms <= 0) return !signal.aborted;
  try {
    await clock.sleep(ms, signal);
    return true;
  } catch {
    return false;
  }
}
