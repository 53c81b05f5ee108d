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
}

export interface BillingSource {
  /** What the user pointed at, e.g. a folder path or `s3://bucket/prefix`. */
  readonly location: string;
  /** The data files of the delivery (manifests and notes left out). */
  listFiles(): Promise<SourceFile[]>;
  /** Removes any temporary copies. */
  dispose(): Promise<void>;
}
