import type { BillingFormat } from '@finlens/cost-model/billing-column-names';
import type { PeriodTotals } from '../warehouse/cost-store';
import type { WarehouseStore } from '../warehouse/open-cost-store';
import { importFiles } from './duckdb/import-files';
import { ImportError } from './import-error';
import { IMPORT_HEARTBEAT_MS, type ImportsRepo } from './imports.repo';
import type { BillingSource } from './sources/source';

export interface ImportRequest {
  source: BillingSource;
  /** The project to import into and its client; names are resolved by the caller (CLI, local control). */
  clientId: string;
  projectId: string;
  format: BillingFormat | 'auto';
  /** Progress: a step description and how many of `total` steps are done. */
  onProgress?: (progress: { done: number; total: number; step: string }) => void;
}

export interface ImportSummary {
  importId: string;
  clientId: string;
  projectId: string;
  format: string;
  files: number;
  rows: number;
  periods: PeriodTotals[];
}

/**
 * Imports one delivery into a project: record the run, load and validate every file, swap the billing
 * periods in atomically, record the outcome. A failure leaves the warehouse as it was
 * and is recorded on the run with the file, row and column where known.
 */
export function createImportService({ repo, warehouse }: { repo: ImportsRepo; warehouse: WarehouseStore }) {
  return {
    async importFrom(request: ImportRequest): Promise<ImportSummary> {
      const { clientId, projectId } = request;
      if (!(await repo.isProjectOfClient({ clientId, projectId }))) {
        await request.source.dispose();
        throw new Error(`project ${projectId} is not a project of client ${clientId}`);
      }
      await repo.failInterruptedRuns(projectId);
      const importId = await repo.startRun({
        clientId,
        projectId,
        source: request.source.location,
        requestedFormat: request.format,
      });
      const beat = setInterval(() => {
        repo.heartbeat(importId).catch(() => {});
      }, IMPORT_HEARTBEAT_MS);
      try {
        const files = await request.source.listFiles();
        const total = files.length + 3;
        let done = 0;
        const step = (description: string) => {
          request.onProgress?.({ done, total, step: description });
          done = Math.min(done + 1, total);
        };
        const imported = await warehouse.exclusive(() =>
          importFiles({
            warehouse,
            importId,
            clientId,
            projectId,
            files,
            format: request.format,
            onStep: step,
          }),
        );
        request.onProgress?.({ done: total, total, step: 'done' });
        const result = {
          projectId,
          format: imported.variant,
          files: files.length,
          rows: imported.rows,
          periods: imported.totals,
        };
        await repo.finishRun(importId, result);
        return { importId, clientId, ...result };
      } catch (error) {
        const where = error instanceof ImportError ? error.where : {};
        await repo.failRun(importId, {
          message: error instanceof Error ? error.message : String(error),
          ...where,
        });
        throw error;
      } finally {
        clearInterval(beat);
        await request.source.dispose();
      }
    },
  };
}
