import type { CloudFailure, CloudService } from '../cloud-port';
import type { ResourceKind, Tags } from '../cloud-resources';

/** The provider's error code: SDK errors carry it as their name (AccessDenied, ThrottlingException …). */
export function errorCode(error: unknown): string {
  if (error instanceof Error) return error.name === 'Error' ? 'Error' : error.name;
  return 'Error';
}

/**
 * Collects what failed in one pass over an account and region, so each service's failure loses only its own
 * kinds and everything that succeeded is kept.
 */
export class FailureLog {
  readonly failures: CloudFailure[] = [];

  constructor(
    private readonly accountId: string,
    private readonly region: string | null,
  ) {}

  record(service: CloudService, operation: string, kinds: ResourceKind[], error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    this.failures.push({
      accountId: this.accountId,
      region: this.region,
      service,
      operation,
      code: errorCode(error),
      message,
      kinds,
    });
  }

  /** Runs one listing; on failure records it and answers `fallback`. */
  async attempt<T>(
    service: CloudService,
    operation: string,
    kinds: ResourceKind[],
    fallback: T,
    run: () => Promise<T>,
  ): Promise<T> {
    try {
      return await run();
    } catch (error) {
      this.record(service, operation, kinds, error);
      return fallback;
    }
  }
}

/** Drains one paginated listing of a kind; on failure records it and answers no items. */
export function listPages<P, T>(
  log: FailureLog,
  call: { service: CloudService; operation: string; kind: ResourceKind },
  pages: AsyncIterable<P>,
  items: (page: P) => readonly T[] | undefined,
): Promise<T[]> {
  return log.attempt(call.service, call.operation, [call.kind], [], () => collect(pages, items));
}

/** AWS tag lists ({Key, Value}[]) as a map. */
export function tagMap(
  tags: readonly { Key?: string | undefined; Value?: string | undefined }[] | undefined,
): Tags {
  const out: Tags = {};
  for (const tag of tags ?? []) if (tag.Key !== undefined) out[tag.Key] = tag.Value ?? '';
  return out;
}

/** Drains an SDK paginator into one list of items. */
export async function collect<P, T>(
  pages: AsyncIterable<P>,
  items: (page: P) => readonly T[] | undefined,
): Promise<T[]> {
  const out: T[] = [];
  for await (const page of pages) out.push(...(items(page) ?? []));
  return out;
}
