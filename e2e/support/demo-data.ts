import { runFinlens } from './finlens-cli';

export const DEMO_EMAIL = 'demo@finlens.local';
export const DEMO_PASSWORD = 'Dem0!Explorer';

/**
 * The suite's small demo organisation (`finlens demo --rows 20000 --months 3`, handed to the running server of the
 * suite's data folder). Created once by the global set-up, before any spec runs, so specs can run side by side
 * without re-importing it under each other.
 */
export async function createDemo(dataDir: string): Promise<void> {
  const demo = await runFinlens(['demo', '--rows', '20000', '--months', '3'], {
    dataDir,
    env: { DEMO_PASSWORD },
  });
  if (demo.code !== 0) throw new Error(`finlens demo failed (${demo.code}):\n${demo.stdout}\n${demo.stderr}`);
}
