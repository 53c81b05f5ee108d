/** One object in a bucket or container, with what tells one version of it from the next. */
export interface RemoteObject {
  key: string;
  etag: string | null;
  size: number;
  lastModified: Date | null;
}

/**
 * The little a billing source needs from S3 or Azure Blob: list under the configured prefix, read a small
 * manifest, and stream one object to a local file.
 */
export interface RemoteStore {
  /** `s3://bucket/prefix` or `azure://container/prefix`, for messages. */
  readonly location: string;
  /** `s3://bucket/key` or `azure://container/key`: how files are named to the user. */
  uriOf(key: string): string;
  listObjects(signal?: AbortSignal): Promise<RemoteObject[]>;
  readText(key: string, signal?: AbortSignal): Promise<string>;
  /** Streams the object to `localPath` (never held whole in memory). */
  download(key: string, localPath: string, signal?: AbortSignal): Promise<void>;
}

/** A source that cannot be read (credentials, network, a manifest pointing at missing files); names what failed. */
export class SourceError extends Error {
  override readonly name = 'SourceError';
}

/** `prefix` with exactly one trailing slash, or '' for the whole bucket. */
export function normalisePrefix(prefix: string): string {
  const trimmed = prefix.replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '' : `${trimmed}/`;
}
