import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { clearCookie, cookieNames } from '../lib/cookies';
import { useStartupStore } from '../lib/startup-store';
import { server } from './msw-server';

// Signed-in screens wait for the start-up chain (seven calls) before they render; on a loaded runner that
// can pass the default one second of findBy*/waitFor.
configure({ asyncUtilTimeout: 4000 });

const unhandled: string[] = [];

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  // 'error' only makes the request fail; recording it makes the test fail too.
  server.events.on('request:unhandled', ({ request }) => {
    unhandled.push(`${request.method} ${request.url}`);
  });
});

beforeEach(() => {
  // jsdom has no scrolling; the scroll-reset test inspects this stub.
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  window.localStorage.clear();
  for (const name of cookieNames()) clearCookie(name);
  useStartupStore.getState().reset();
  const requests = unhandled.splice(0);
  expect(requests, 'requests without an MSW handler').toEqual([]);
});

afterAll(() => server.close());
