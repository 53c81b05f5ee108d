import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type ImportRun, UPLOAD_EXTENSIONS } from '@finlens/contracts/cloud-accounts';
import { ImportError } from '../../ingest/import-error';
import { localSource } from '../../ingest/sources/local-source';
import type { BillingSource } from '../../ingest/sources/source';
import { fieldError, HttpError, notFound } from '../../platform/http/http-error';
import { toImportRun } from './cloud-account-views';
import type { CloudAccountsRepo } from './cloud-accounts.repo';

export interface UploadedFile {
  filename: string;
  stream: Readable & { truncated?: boolean };
}

/** The part of the poller's import runner an upload uses (it checks the project and takes its turn). */
export interface UploadImporter {
  importDelivery(input: { projectId: string; source: BillingSource }): Promise<void>;
}

const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);
const PARQUET_MAGIC = Buffer.from('PAR1');

/** Only the last path segment, with characters that are awkward in file names replaced. */
function safeFileName(name: string): string {
  return basename(name.replaceAll('\\', '/')).replace(/[^\w.-]/g, '_');
}

function checkExtension(name: string): void {
  if (!UPLOAD_EXTENSIONS.some((extension) => name.toLowerCase().endsWith(extension))) {
    throw fieldError('file', [`Must be a ${UPLOAD_EXTENSIONS.join(', ')} billing file (got ${name}).`]);
  }
}

/** A renamed file is refused before the importer reads it: compressed and Parquet files start with magic bytes. */
async function checkContent(path: string, name: string): Promise<void> {
  const handle = await open(path, 'r');
  const head = Buffer.alloc(4);
  try {
    await handle.read(head, 0, 4, 0);
  } finally {
    await handle.close();
  }
  const lower = name.toLowerCase();
  const expected = lower.endsWith('.gz') ? GZIP_MAGIC : lower.endsWith('.parquet') ? PARQUET_MAGIC : null;
  if (expected !== null && !head.subarray(0, expected.length).equals(expected)) {
    throw fieldError('file', [`${name} is not a ${lower.endsWith('.gz') ? 'gzip' : 'Parquet'} file.`]);
  }
}

/**
 * An uploaded billing file streamed to a temporary file under a size limit, then imported into the chosen
 * project like any other delivery (run record, atomic period swap); the temporary copy is always removed.
 */
export function createBillingUploadService({
  repo,
  importRunner,
  tempRoot,
  maxBytes,
}: {
  repo: CloudAccountsRepo;
  importRunner: UploadImporter;
  tempRoot: string;
  maxBytes: number;
}) {
  return {
    async importUpload(clientId: string, projectId: string, file: UploadedFile): Promise<ImportRun> {
      if ((await repo.findProject(clientId, projectId)) === null) throw notFound();
      const name = safeFileName(file.filename);
      checkExtension(name);
      const folder = join(tempRoot, randomUUID());
      await mkdir(folder, { recursive: true });
      try {
        const path = join(folder, name);
        await pipeline(file.stream, createWriteStream(path));
        if (file.stream.truncated === true) {
          throw fieldError('file', [`The file is larger than the upload limit of ${maxBytes} bytes.`]);
        }
        await checkContent(path, name);
        const location = `upload:${name}`;
        const error = await importRunner
          .importDelivery({ projectId, source: { ...localSource(path), location } })
          .then(() => null)
          .catch((caught: unknown) => caught);
        const run = await repo.latestRunFrom(projectId, location);
        if (error instanceof ImportError && run !== null) {
          throw new HttpError(400, error.message, { file: [error.message] });
        }
        if (error !== null) throw error;
        if (run === null) throw new Error(`the import of ${name} left no run record`);
        return toImportRun(run);
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
  };
}

export type BillingUploadService = ReturnType<typeof createBillingUploadService>;
