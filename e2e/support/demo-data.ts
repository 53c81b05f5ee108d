import { runFinlens } from './finlens-cli';

export const DEMO_EMAIL = 'demo@finlens.local';
export const DEMO_PASSWORD = 'Dem0!Explorer';

/**
 * The suite's small demo organisation (`finlens demo --rows 20000 --months 3` on the suite's data folder, before
 * its server starts; behind `prefix` when given). Created once by the global set-up, before any spec uses the
 * server, so specs can run side by side without re-importing it under each other.
 */
export async function createDemo(dataDir: string, prefix: readonly string[] = []): Promise<void> {
  const demo = await runFinlens(['demo', '--rows', '20000', '--months', '3'], {
    dataDir,
    env: { DEMO_PASSWORD },
    prefix,
  });
  if (demo.code !== 0) throw new Error(`finlens demo failed (${demo.code}):\n${demo.stdout}\n${demo.stderr}`);
}
