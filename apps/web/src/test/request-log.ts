import { afterEach } from 'vitest';
import { server } from './msw-server';

/**
 * Records "METHOD /path?query" of every request the test makes, in order, with the body of each
 * (JSON parsed, form bodies as their text). Call at the top of a test file.
 */
export function recordRequests() {
  const log: { call: string; body: unknown }[] = [];
  const listener = async ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.clone().text();
    let body: unknown = text === '' ? undefined : text;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      // form-encoded bodies stay text
    }
    log.push({ call: `${request.method} ${url.pathname}${url.search}`, body });
  };
  server.events.on('request:start', listener);
  afterEach(() => {
    log.length = 0;
  });
  return {
    log,
    calls: () => log.map((entry) => entry.call),
    bodyOf: (call: string) => log.find((entry) => entry.call === call)?.body,
  };
}
