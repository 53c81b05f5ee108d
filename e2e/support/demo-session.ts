import { signIn } from './accounts';
import { type BrowserSession, openBrowser } from './browser';
import { runFinlens } from './finlens-cli';

const DEMO_EMAIL = 'demo@finlens.local';
const DEMO_PASSWORD = 'Dem0!Explorer';

/**
 * A small demo organisation (`finlens demo --rows 20000 --months 3`, handed to the running server of the
 * suite's data folder; the same options every time, so re-running reuses the data) and a browser signed in
 * as its admin. Specs that need cost data start from this.
 */
export async function openDemoSession(baseUrl: string, dataDir: string): Promise<BrowserSession> {
  const demo = await runFinlens(['demo', '--rows', '20000', '--months', '3'], {
    dataDir,
    env: { DEMO_PASSWORD },
  });
  if (demo.code !== 0) throw new Error(`finlens demo failed (${demo.code}):\n${demo.stdout}\n${demo.stderr}`);
  const session = await openBrowser(baseUrl);
  await signIn({ context: session.context, baseUrl, email: DEMO_EMAIL, password: DEMO_PASSWORD });
  return session;
}

/** Money as the app shows it (spec §9 `$0,0.00`) for amounts of a cent or more. */
export const money = (value: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 2 }).format(value);
