import { z } from 'zod';
import type { ManifestLayout } from './billing-delivery';
import type { ExportManifestColumns } from './source';

/** A manifest found in a listing: which export and billing period it describes. */
export interface ManifestLocation {
  layout: ManifestLayout;
  periodKey: string;
  billingPeriod: string;
}

/** What a manifest says about its run: the data files (store keys, or names still to resolve) and the run id. */
export interface ManifestContent {
  runId: string | null;
  fileNames: string[];
  /** When the run was submitted (Azure); picks the latest run of a period. */
  submittedAt: Date | null;
  /** The columns the manifest lists (CUR 2.0 names, legacy `category/name`); null when it lists none. */
  columns: string[] | null;
}

// Only the top-level manifest of a period (always the latest run); per-run copies in sub-folders are skipped.
const CUR2 = /^(?:(.*)\/)?metadata\/BILLING_PERIOD=(\d{4})-(\d{2})\/[^/]+-Manifest\.json$/;
const LEGACY_CUR = /^(?:(.*)\/)?(\d{4})(\d{2})01-\d{8}\/[^/]+-Manifest\.json$/;
const LEGACY_ATHENA = /^(?:(.*)\/)?year=(\d{4})\/month=(\d{1,2})\/[^/]+-Manifest\.json$/;
const AZURE = /^(?:(.*)\/)?_?manifest\.json$/;
const AZURE_RANGE = /^(?:(.*)\/)?(\d{4})(\d{2})\d{2}-\d{8}(?:\/|$)/;

/** Recognises the manifest layouts of billing-formats §1.5 (CUR 2.0), §2.2 (legacy CUR) and §5.1 (Azure). */
export function locateManifest(key: string): ManifestLocation | null {
  const cur2 = CUR2.exec(key);
  if (cur2) return location('cur2', cur2[1], cur2[2], cur2[3]);
  const legacy = LEGACY_CUR.exec(key) ?? LEGACY_ATHENA.exec(key);
  if (legacy) return location('cur', legacy[1], legacy[2], legacy[3]);
  const azure = AZURE.exec(key);
  if (azure) {
    const range = AZURE_RANGE.exec(azure[1] ?? '');
    // Runs of one export and month share the folder above their run folder; the period comes from the run.
    if (range) return location('azure', range[1], range[2], range[3]);
    return { layout: 'azure', periodKey: `azure:${parentOf(azure[1] ?? '')}:`, billingPeriod: '' };
  }
  return null;
}

function location(
  layout: ManifestLayout,
  exportPath: string | undefined,
  year: string | undefined,
  month: string | undefined,
): ManifestLocation {
  const billingPeriod = `${year}-${(month ?? '').padStart(2, '0')}`;
  return { layout, periodKey: `${layout}:${exportPath ?? ''}:${billingPeriod}`, billingPeriod };
}

function parentOf(path: string): string {
  const at = path.lastIndexOf('/');
  return at < 0 ? '' : path.slice(0, at);
}

const cur2Manifest = z.object({
  dataFiles: z.array(z.string()),
  columns: z.array(z.object({ name: z.string() })).optional(),
  executionId: z.string().optional(),
});

const legacyManifest = z.object({
  reportKeys: z.array(z.string()),
  columns: z.array(z.object({ category: z.string(), name: z.string() })).optional(),
  assemblyId: z.string().optional(),
});

const azureManifest = z.object({
  blobs: z.array(z.object({ blobName: z.string() })),
  runInfo: z
    .object({
      runId: z.string().optional(),
      submittedTime: z.string().optional(),
      startDate: z.string().optional(),
    })
    .optional(),
});

/**
 * Reads a manifest defensively: only the file list is required (billing-formats §1.5, §2.2, §5.1); the column
 * list, when there is one, decides the format and is checked against the data files (import-files).
 */
export function readManifest(
  layout: ManifestLayout,
  text: string,
): { content: ManifestContent; billingPeriod: string | null } {
  const json: unknown = JSON.parse(text);
  switch (layout) {
    case 'cur2': {
      const manifest = cur2Manifest.parse(json);
      // dataFiles are full s3:// URIs; the bucket is ours, the key is what we read.
      const fileNames = manifest.dataFiles.map((uri) => uri.replace(/^s3:\/\/[^/]+\//, ''));
      return {
        content: {
          runId: manifest.executionId ?? null,
          fileNames,
          submittedAt: null,
          columns: listed(manifest.columns?.map((c) => c.name)),
        },
        billingPeriod: null,
      };
    }
    case 'cur': {
      const manifest = legacyManifest.parse(json);
      return {
        content: {
          runId: manifest.assemblyId ?? null,
          fileNames: manifest.reportKeys,
          submittedAt: null,
          columns: listed(manifest.columns?.map((c) => `${c.category}/${c.name}`)),
        },
        billingPeriod: null,
      };
    }
    case 'azure': {
      const manifest = azureManifest.parse(json);
      const submitted = manifest.runInfo?.submittedTime;
      const start = /^(\d{4}-\d{2})/.exec(manifest.runInfo?.startDate ?? '');
      return {
        content: {
          runId: manifest.runInfo?.runId ?? null,
          fileNames: manifest.blobs.map((blob) => blob.blobName.trim()),
          submittedAt: submitted === undefined ? null : new Date(submitted),
          columns: null,
        },
        billingPeriod: start?.[1] ?? null,
      };
    }
  }
}

/** An empty or absent column list says nothing about the files. */
function listed(columns: string[] | undefined): string[] | null {
  return columns === undefined || columns.length === 0 ? null : columns;
}

/** The column list a manifest gives its data files (none for Azure manifests or one without columns). */
export function manifestColumns(
  name: string,
  layout: ManifestLayout,
  content: ManifestContent,
): ExportManifestColumns | undefined {
  if (layout === 'azure' || content.columns === null) return undefined;
  return { name, layout, columns: content.columns };
}
