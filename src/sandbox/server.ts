import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { OperationId } from '../service/types.js';
import { authenticate } from './authenticate.js';
import type { FaultInjector } from './faults.js';
import { errorBody, HttpError } from './http-error.js';
import type { RateLimiter } from './rate-limit.js';
import type { RequestLog } from './request-log.js';
import { pause, sendJson, sendText } from './respond.js';
import type { Router } from './router.js';
import type { Answer, Handler } from './routes/request-context.js';
import type { SandboxStore } from './state.js';

/** Bodies above this are refused: no operation of the service takes anything near it. */
const MAX_BODY_BYTES = 1024 * 1024;

export interface PipelineParts {
  readonly store: SandboxStore;
  readonly router: Router<Handler>;
  readonly faults: FaultInjector;
  /** Null when rate limiting is off. */
  readonly rateLimiter: RateLimiter | null;
  readonly log: RequestLog;
}

/**
 * The request pipeline, in the order a real deployment would apply it: read the request, count it against
 * the credential's budget (429), inject faults (scripted answers, resets, 5xx), then route (404/405),
 * authenticate (401) and let the operation answer (400/403/404/2xx).
 */
export function createSandboxServer(parts: PipelineParts): Server {
  return createServer((req, res) => {
    handle(parts, req, res).catch((error: unknown) => {
      // A bug in the sandbox: answer 500 with the reason so that the failing test shows it.
      if (!res.headersSent) {
        res.writeHead(500, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(errorBody(500, `sandbox failure: ${(error as Error).message}`)));
      } else {
        res.destroy();
      }
    });
  });
}

async function handle(parts: PipelineParts, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { store, faults, log } = parts;
  const clock = store.clock;
  // Ends the pauses of a client that went away. Every answer closes too, once sent: nothing waits then.
  const gone = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) gone.abort();
  });

  const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
  const method = req.method ?? 'GET';
  const authorization = req.headers.authorization ?? null;
  const raw = await readBody(req).catch(() => undefined);
  // The client went away before its body ended: nobody to answer, nothing to record.
  if (raw === undefined) return;
  const match = parts.router.match(method, url.pathname);
  const operation: OperationId | null = match.kind === 'found' ? match.route.operation : null;
  const params = match.kind === 'found' ? match.params : {};
  const parsed = parseJson(raw);

  const record = (status: number) =>
    log.record({
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      operation,
      status,
      ...(parsed.ok && parsed.value !== undefined ? { body: parsed.value } : {}),
      authorization,
    });
  const answer = async (status: number, body: unknown, headers: Record<string, string>) => {
    record(status);
    await sendJson(res, status, body, headers, { slowBodyMs: faults.slowBodyMs, clock, signal: gone.signal });
  };
  const drop = () => {
    record(0);
    req.socket.destroy();
  };

  if (!(await pause(clock, faults.latencyMs, gone.signal))) return drop();

  // The budget belongs to the token, whichever scheme carries it.
  const credential = authorization?.replace(/^\s*(Token|Bearer)\s+/i, '').trim() ?? '';
  const rate = parts.rateLimiter?.take(credential) ?? { allowed: true, headers: {} };
  const headers: Record<string, string> = { ...rate.headers };
  if (!rate.allowed) {
    return answer(429, errorBody(429, 'rate limit exceeded: retry after the window resets'), headers);
  }

  const fault = faults.decide(operation, params);
  if (fault.kind === 'reset') return drop();
  if (fault.kind === 'status') {
    const message = fault.status === 503 ? 'service temporarily unavailable' : 'internal server error';
    return answer(fault.status, errorBody(fault.status, message), headers);
  }
  if (fault.kind === 'script') {
    const scripted = fault.answer;
    if (!(await pause(clock, scripted.delayMs ?? 0, gone.signal))) return drop();
    if (scripted.reset && !scripted.resetAfter) return drop();
    if (scripted.status !== undefined && scripted.text !== undefined) {
      record(scripted.status);
      const contentType = scripted.contentType ?? 'text/html; charset=utf-8';
      return sendText(res, scripted.status, scripted.text, { ...headers, ...scripted.headers }, contentType);
    }
    if (scripted.status !== undefined) {
      const body =
        scripted.body !== undefined
          ? scripted.body
          : scripted.status >= 400
            ? errorBody(scripted.status, 'scripted failure')
            : undefined;
      return answer(scripted.status, body, { ...headers, ...scripted.headers });
    }
  }

  let result: Answer;
  try {
    result = await route(parts, match, req, url, parsed);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    result = { status: error.status, body: errorBody(error.status, error.message) };
    Object.assign(headers, error.headers);
  }
  // The operation ran (its write, if any, is done); only its answer is lost.
  if (fault.kind === 'script' && fault.answer.resetAfter) return drop();
  return answer(result.status, result.body, headers);
}

function route(
  parts: PipelineParts,
  match: ReturnType<Router<Handler>['match']>,
  req: IncomingMessage,
  url: URL,
  parsed: ParsedBody,
): Answer | Promise<Answer> {
  if (match.kind === 'none') throw new HttpError(404, `no operation at ${url.pathname}`);
  if (match.kind === 'wrong-method') {
    throw new HttpError(405, `${req.method} is not allowed here`, { Allow: match.allowed.join(', ') });
  }
  const grant = authenticate(req.headers.authorization ?? null, parts.store.grants);
  // 400 rather than 413: the operations that take a body declare 400 and no other refusal of it.
  if (!parsed.ok) {
    throw parsed.status === 413
      ? new HttpError(400, `the request body is larger than ${MAX_BODY_BYTES} bytes`)
      : new HttpError(400, 'the request body is not valid JSON');
  }
  if (parsed.value !== undefined && !isJsonMediaType(req.headers['content-type'])) {
    throw new HttpError(400, 'the request body must be sent as application/json');
  }
  return match.route.handler({
    store: parts.store,
    grant,
    params: match.params,
    path: url.pathname,
    query: url.searchParams,
    body: parsed.value,
  });
}

/** `application/json`, with or without parameters such as `; charset=utf-8`. */
function isJsonMediaType(header: string | undefined): boolean {
  return header?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

/**
 * The whole body, or null when it is larger than any operation takes (the rest is read and dropped).
 * Rejects when the request ends early (the client went away).
 */
function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > MAX_BODY_BYTES ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
    req.on('close', () => {
      if (!req.readableEnded) reject(new Error('the request closed before its body ended'));
    });
  });
}

type ParsedBody = { ok: true; value: unknown } | { ok: false; status: 400 | 413 };

function parseJson(text: string | null): ParsedBody {
  if (text === null) return { ok: false, status: 413 };
  if (text.trim().length === 0) return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, status: 400 };
  }
}
