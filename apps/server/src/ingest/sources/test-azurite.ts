import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BlobServiceClient } from '@azure/storage-blob';

/** Azurite's documented development account. */
export const AZURITE_ACCOUNT = 'devstoreaccount1';
export const AZURITE_KEY =
  'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';

export interface TestAzurite {
  accountUrl: string;
  connectionString: string;
  put(container: string, name: string, body: string | Uint8Array): Promise<void>;
  stop(): Promise<void>;
}

/** Azurite's blob service as a child process on a free loopback port, storing in a temp folder. */
export async function startTestAzurite(): Promise<TestAzurite> {
  const location = await mkdtemp(join(tmpdir(), 'finlens-azurite-'));
  const main = createRequire(import.meta.url).resolve('azurite/dist/src/blob/main.js');
  const child = spawn(
    process.execPath,
    [
      main,
      '--blobHost',
      '127.0.0.1',
      '--blobPort',
      '0',
      '--location',
      location,
      '--skipApiVersionCheck',
      '--disableTelemetry',
      '--silent',
      '--loose',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let port: number;
  try {
    port = await listeningPort(child);
  } catch (error) {
    child.kill();
    await rm(location, { recursive: true, force: true });
    throw error;
  }
  const accountUrl = `http://127.0.0.1:${port}/${AZURITE_ACCOUNT}`;
  const connectionString = `DefaultEndpointsProtocol=http;AccountName=${AZURITE_ACCOUNT};AccountKey=${AZURITE_KEY};BlobEndpoint=${accountUrl};`;
  const service = BlobServiceClient.fromConnectionString(connectionString);
  return {
    accountUrl,
    connectionString,
    async put(container, name, body) {
      const client = service.getContainerClient(container);
      await client.createIfNotExists();
      const data = typeof body === 'string' ? Buffer.from(body) : body;
      await client.getBlockBlobClient(name).upload(data, data.byteLength);
    },
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
      await rm(location, { recursive: true, force: true });
    },
  };
}

function listeningPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`azurite did not start: ${output}`)), 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listens on https?:\/\/[^:]+:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`azurite exited with ${code}: ${output}`));
    });
  });
}
