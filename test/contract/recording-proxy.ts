/**
 * A loopback proxy between a client and the sandbox that records every exchange as it crossed the wire:
 * method, path, query, content type and body of the request; status and body of the answer.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Exchange } from './openapi-contract.js';

export interface RecordingProxy {
  readonly url: string;
  readonly exchanges: Exchange[];
  close(): Promise<void>;
}

export async function startRecordingProxy(target: string): Promise<RecordingProxy> {
  const exchanges: Exchange[] = [];
  const upstream = new URL(target);
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const sent = Buffer.concat(chunks);
      const forward = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: upstream.host },
        },
        (answer) => {
          const received: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => received.push(chunk));
          answer.on('end', () => {
            const url = new URL(req.url ?? '/', 'http://proxy.invalid');
            const text = Buffer.concat(received).toString('utf8');
            exchanges.push({
              method: req.method ?? 'GET',
              path: url.pathname,
              query: Object.fromEntries(url.searchParams),
              contentType: req.headers['content-type'],
              requestBody: sent.length > 0 ? JSON.parse(sent.toString('utf8')) : undefined,
              status: answer.statusCode ?? 0,
              answerBody: text ? JSON.parse(text) : undefined,
            });
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            res.end(Buffer.concat(received));
          });
        },
      );
      forward.on('error', () => res.destroy());
      forward.end(sent);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    exchanges,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
