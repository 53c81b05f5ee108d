import { randomToken } from '../platform/auth/tokens';
import { loopbackUrl, removeRunFile, writeRunFile } from './run-file';

export interface LocalControl {
  /** The bearer token of the local-control routes; new on every start. */
  readonly token: string;
  /** Writes DATA_DIR/run/server.json once the server listens (skipped when it is not reachable on loopback). */
  publish(listening: { host: string; port: number }): Promise<void>;
  /** Removes the run file while it is still this server's (clean shutdown). */
  unpublish(): Promise<void>;
}

export function createLocalControl({ dataDir }: { dataDir: string }): LocalControl {
  const token = randomToken();
  return {
    token,
    async publish({ host, port }) {
      const url = loopbackUrl(host, port);
      if (url !== null) await writeRunFile(dataDir, { pid: process.pid, url, token });
    },
    unpublish: () => removeRunFile(dataDir, token),
  };
}
