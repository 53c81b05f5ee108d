import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body as sent (signatures are checked over it). */
  raw: string;
  json: unknown;
}

/** An HTTP receiver on loopback for tests: records every request and answers `statusOf(n)` to the n-th (0-based). */
export interface TestReceiver {
  url: string;
  requests: ReceivedRequest[];
  stop(): Promise<void>;
}

export async function startTestReceiver(
  statusOf: (index: number) => number = () => 200,
): Promise<TestReceiver> {
  const requests: ReceivedRequest[] = [];
  const receiver: TestReceiver = { url: '', requests, stop: async () => {} };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let json: unknown = null;
      try {
        json = JSON.parse(raw);
      } catch {
        // Not JSON: kept raw.
      }
      const status = statusOf(requests.length);
      requests.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        raw,
        json,
      });
      response.writeHead(status, { 'content-type': 'text/plain' });
      response.end(status < 300 ? 'ok' : 'receiver failure');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  receiver.stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return receiver;
}
