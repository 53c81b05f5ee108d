import { afterAll, beforeAll, describe, inject } from 'vitest';
import { signIn } from './accounts';
import { type BrowserSession, openBrowser } from './browser';
import { DEMO_EMAIL, DEMO_PASSWORD } from './demo-data';
import { printServerLog, suiteReady } from './suite-ready';

/** A browser signed in as the admin of the demo organisation the global set-up created. */
async function openDemoSession(baseUrl: string): Promise<BrowserSession> {
  await suiteReady();
  const session = await openBrowser(baseUrl);
  await signIn({ context: session.context, baseUrl, email: DEMO_EMAIL, password: DEMO_PASSWORD });
  return session;
}

/** Money as the app shows it (spec §9 `$0,0.00`) for amounts of a cent or more. */
export const money = (value: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 2 }).format(value);

/** The suite's server and, once the block's beforeAll ran, the browser signed in to its demo organisation. */
interface DemoServer {
  baseUrl: string;
  dataDir: string;
  readonly session: BrowserSession;
  readonly context: BrowserSession['context'];
}

/** Opens the demo session before the calling describe block's tests and closes it after them. */
function useDemoServer(): DemoServer {
  let session: BrowserSession | undefined;
  beforeAll(async () => {
    try {
      session = await openDemoSession(demo.baseUrl);
    } catch (error) {
      await printServerLog('the demo session did not open');
      throw error;
    }
  }, 300_000);
  afterAll(async () => {
    await session?.close();
  });
  const opened = () => {
    if (session === undefined) throw new Error('The demo session opens in beforeAll.');
    return session;
  };
  const demo: DemoServer = {
    baseUrl: inject('baseUrl'),
    dataDir: inject('dataDir'),
    get session() {
      return opened();
    },
    get context() {
      return opened().context;
    },
  };
  return demo;
}

/**
 * A describe block of browser tests on the demo organisation (`openDemoSession`): skipped, with the suite's
 * reason, where there is no Chromium; `body` gets the server and the signed-in session.
 */
export function describeOnDemo(title: string, body: (demo: DemoServer) => void): void {
  describe.skipIf(Boolean(inject('browserSkipReason')))(title, () => body(useDemoServer()));
}
