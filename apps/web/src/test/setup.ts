import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { useThemeStore } from '../app/theme-store';
import { useDemoModeStore } from '../components/demo-mode';
import { clearCookie, cookieNames } from '../lib/cookies';
import { useStartupStore } from '../lib/startup-store';
import { server } from './msw-server';

// Signed-in screens wait for the start-up chain (seven calls) before they render; on a loaded runner that
// can pass the default one second of findBy*/waitFor.
configure({ asyncUtilTimeout: 4000 });

const unhandled: string[] = [];

// The web project shares one module graph and one jsdom between the files of a worker (isolate: false): this
// file runs again before each test file, and after each test it puts back what a test can change.
const JSDOM_INNER_WIDTH = 1024;

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
  for (const name of cookieNames()) clearCookie(name);
  useStartupStore.getState().reset();
  // The persisted stores keep their state in memory; storage is cleared below, after they wrote to it.
  useThemeStore.setState(useThemeStore.getInitialState(), true);
  useDemoModeStore.setState(useDemoModeStore.getInitialState(), true);
  window.innerWidth = JSDOM_INNER_WIDTH;
  window.localStorage.clear();
  const requests = unhandled.splice(0);
  expect(requests, 'requests without an MSW handler').toEqual([]);
});

afterAll(() => {
  server.close();
  // The next file's set-up and request logs add their own listeners.
  server.events.removeAllListeners();
});
