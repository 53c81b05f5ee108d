/**
 * Where billing files come from. A source lists the files of one delivery and makes each readable
 * from a local path (remote sources download to a temporary folder first), so the DuckDB readers only
 * ever see local files. Local folders today; S3 and Azure Blob plug in behind the same interface.
 */
export interface SourceFile {
  /** Name shown to the user in progress and errors (path relative to what they asked for, or a URI). */
  displayName: string;
  localPath: string;
  bytes: number;
  /** The export manifest that listed this file, when it lists columns: they fix the format and must all be present. */
  manifest?: ExportManifestColumns;
}

/** The columns a CUR 2.0 (Data Exports) or legacy CUR manifest lists for its data files (billing-formats §1.5, §2.2). */
export interface ExportManifestColumns {
  /** The manifest's name, for errors. */
  name: string;
  /** Data Exports (CUR 2.0 layout) or legacy CUR: a Data Export's snake_case columns are CUR 2.0, never legacy. */
  layout: 'cur2' | 'cur';
  /** CUR 2.0 column names or legacy `category/name` headers. */
  columns: string[];
}

export interface BillingSource {
  /** What the user pointed at, e.g. a folder path or `s3://bucket/prefix`. */
  readonly location: string;
  /** The data files of the delivery (manifests and notes left out). */
  listFiles(): Promise<SourceFile[]>;
  /** Removes any temporary copies. */
  dispose(): Promise<void>;
}
