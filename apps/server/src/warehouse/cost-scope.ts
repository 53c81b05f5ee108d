import type { Kysely } from 'kysely';
import { changeCountOf, keptUntilChanged } from '../db/app-changes';
import type { AppTables } from '../db/tables';
import type { ClientCaller } from '../platform/auth/caller';
import { notFound } from '../platform/http/http-error';
import type { CostScope } from './cost-query/cost-query-port';

export interface ScopeProject {
  id: string;
  name: string;
  cloudType: 'aws' | 'azure';
  /** When the project's billing data last changed (an import or restatement); absent or null: never. */
  ingestedAt?: Date | string | null;
}

/** The projects one read covers, resolved: ids, their names (for billing_project_name) and their clouds. */
export interface ReadScope extends CostScope {
  projectNames: Record<string, string>;
  projects: ScopeProject[];
}

/** Whose projects: a caller, or a job acting for a client (a saved report or target, the anomaly scan). */
export type ScopeReader = Pick<ClientCaller, 'clientId'>;

/**
 * The one tenancy rule for cost reads: which of the client's projects a caller may read. Every feature that
 * reads cost asks here; none lists projects itself. Ids that are unknown or another client's are the same
 * 404 (tenancy must not leak existence) and nothing is read or stored. RBAC-restricted members read every
 * project of their client: spec §6 restricts them by route access and showback values, not by project.
 */
export function createCostScopes({ db }: { db: Kysely<AppTables> }) {
  // Each client's projects, kept until the app database changes (an import stamps its project, a project is added,
  // renamed or removed): on the embedded database a cost question reads no project row while nothing changed.
  const kept = keptUntilChanged<readonly ScopeProject[]>(changeCountOf(db), KEPT_CLIENTS);
  return costScopesOver((reader) =>
    kept.get(reader.clientId, async () =>
      Object.freeze(
        (
          await db
            .selectFrom('projects')
            .select([
              'id',
              'name',
              'cloud_type as cloudType',
              'billing_last_ingestion_datetime as ingestedAt',
            ])
            .where('client_id', '=', reader.clientId)
            .orderBy('created_at')
            .orderBy('id')
            .execute()
        ).map((project) => Object.freeze(project)),
      ),
    ),
  );
}

/** Clients whose projects are kept in memory at most. */
const KEPT_CLIENTS = 1_000;

/** The rule over a lister of the projects a reader may read (the app database; a fixed list in tests). */
export function costScopesOver(readable: (reader: ScopeReader) => Promise<readonly ScopeProject[]>) {
  function scopeOf(
    reader: ScopeReader,
    all: readonly ScopeProject[],
    ids: readonly string[] | null,
  ): ReadScope {
    const byId = new Map(all.map((p) => [p.id, p]));
    const projects = ids === null ? [...all] : ids.flatMap((id) => byId.get(id) ?? []);
    // Known only when each project's last change is (a project never imported may still be written by a test).
    const known = projects.every((p) => p.ingestedAt !== undefined && p.ingestedAt !== null);
    return {
      clientId: reader.clientId,
      projectIds: projects.map((p) => p.id),
      projectNames: Object.fromEntries(all.map((p) => [p.id, p.name])),
      projects,
      ...(known ? { dataVersion: scopeDataVersion({ projects }) } : {}),
    };
  }

  const distinct = (ids: readonly string[] | null | undefined) =>
    ids === null || ids === undefined ? null : [...new Set(ids)];

  return {
    /** Ids a caller asks for (absent: every readable project); one unknown or foreign id is a 404. */
    async requested(caller: ClientCaller, ids?: readonly string[] | null): Promise<ReadScope> {
      const all = await readable(caller);
      const wanted = distinct(ids);
      const scope = scopeOf(caller, all, wanted);
      if (wanted !== null && scope.projects.length !== wanted.length) throw notFound();
      return scope;
    },

    /** Ids saved earlier (checked by `requested` then; absent: every project): projects removed since drop out. */
    async saved(reader: ScopeReader, ids?: readonly string[] | null): Promise<ReadScope> {
      return scopeOf(reader, await readable(reader), distinct(ids));
    },
  };
}

export type CostScopes = ReturnType<typeof costScopesOver>;

/**
 * The data version of a scope: its projects with their names and when their billing data last changed. Any
 * import or restatement (or a project renamed, added to or removed from the scope) gives a new version.
 */
export function scopeDataVersion(scope: Pick<ReadScope, 'projects'>): string {
  const at = (p: ScopeProject) => (p.ingestedAt ? new Date(p.ingestedAt).toISOString() : '');
  return JSON.stringify(scope.projects.map((p) => [p.id, p.name, at(p)]));
}
