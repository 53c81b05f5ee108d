import type { ExpressionBuilder, Kysely } from 'kysely';
import type { AppTables, BillingSourceRow, ProjectRow } from '../../db/tables';
import type { CloudAction } from '../../integrations/cloud/cloud-actions';
import type { SimActionRecord } from '../../integrations/cloud/simulated/simulated-cloud';
import { insertJob } from '../../platform/jobs/job-queue';

/** The job that regenerates a project's generated bill after an action (app/demo-bill.ts runs it). */
export const DEMO_BILL_KIND = 'demo.bill-follows-actions';

export interface TargetRows {
  project: ProjectRow;
  /** The project's simulated-cloud scenario, if it has one. */
  scenario: unknown | null;
  /** The actions taken on its simulated accounts so far, oldest first. */
  simActions: SimActionRecord[];
  /** Its AWS billing sources, whose role or keys sign the collection in. */
  awsSources: BillingSourceRow[];
}

/**
 * Simulated, or an AWS account with a source whose role or keys sign in, or one the operator marked to use the
 * server's own identity (`marked`: SERVER_IDENTITY_ACCOUNTS).
 */
const pollable = (eb: ExpressionBuilder<AppTables, 'projects'>, marked: readonly string[]) =>
  eb.or([
    eb.exists(
      eb.selectFrom('cloud_simulations').select('project_id').whereRef('project_id', '=', 'projects.id'),
    ),
    ...(marked.length === 0
      ? []
      : [
          eb.and([
            eb('projects.cloud_type', '=', 'aws'),
            eb('projects.cloud_account_id', 'is not', null),
            eb('projects.id', 'in', marked),
          ]),
        ]),
    eb.and([
      eb('projects.cloud_account_id', 'is not', null),
      eb.exists(
        eb
          .selectFrom('billing_sources')
          .select('billing_sources.id')
          .whereRef('billing_sources.project_id', '=', 'projects.id')
          .where('billing_sources.kind', '=', 'aws_s3')
          .where((s) =>
            s.or([
              s('billing_sources.role_arn', 'is not', null),
              s('billing_sources.credentials_sealed', 'is not', null),
            ]),
          ),
      ),
    ]),
  ]);

/** What decides how a project's cloud is collected: its scenario, or its AWS credentials. */
export function createCollectionTargetsRepo({
  db,
  serverIdentityAccounts = new Set(),
}: {
  db: Kysely<AppTables>;
  serverIdentityAccounts?: ReadonlySet<string>;
}) {
  const marked = [...serverIdentityAccounts];
  async function rowsOf(project: ProjectRow): Promise<TargetRows> {
    const simulation = await db
      .selectFrom('cloud_simulations')
      .select('scenario')
      .where('project_id', '=', project.id)
      .executeTakeFirst();
    const awsSources = await db
      .selectFrom('billing_sources')
      .selectAll()
      .where('project_id', '=', project.id)
      .where('kind', '=', 'aws_s3')
      .orderBy('created_at')
      .execute();
    const simActions =
      simulation === undefined
        ? []
        : (
            await db
              .selectFrom('cloud_simulation_actions')
              .select(['account_id', 'performed_at', 'action'])
              .where('project_id', '=', project.id)
              .orderBy('performed_at')
              .orderBy('recorded_at')
              .execute()
          ).map((row) => ({
            at: new Date(row.performed_at),
            accountId: row.account_id,
            action: row.action as CloudAction,
          }));
    return { project, scenario: simulation?.scenario ?? null, simActions, awsSources };
  }

  return {
    /**
     * Keeps an action taken on a simulated account of the project; when the project's bill follows its actions
     * (the demo's), queues the bill's regeneration in the same transaction.
     */
    async recordSimAction(projectId: string, entry: SimActionRecord): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('cloud_simulation_actions')
          .values({
            project_id: projectId,
            account_id: entry.accountId,
            performed_at: entry.at,
            action: JSON.stringify(entry.action),
          })
          .execute();
        const simulation = await trx
          .selectFrom('cloud_simulations')
          .select('bill_follows_actions')
          .where('project_id', '=', projectId)
          .executeTakeFirst();
        if (simulation?.bill_follows_actions)
          await insertJob(trx, { kind: DEMO_BILL_KIND, payload: { projectId } }, new Date());
      });
    },

    /** Projects whose bill is generated with their scenario and follows its actions (the demo's). */
    async billFollowingProjectIds(): Promise<string[]> {
      const rows = await db
        .selectFrom('cloud_simulations')
        .select('project_id')
        .where('bill_follows_actions', '=', true)
        .orderBy('project_id')
        .execute();
      return rows.map((r) => r.project_id);
    },

    /** The project when it belongs to `clientId` (null clientId: any client, for jobs). */
    async target(projectId: string, clientId: string | null): Promise<TargetRows | null> {
      let query = db.selectFrom('projects').selectAll().where('id', '=', projectId);
      if (clientId !== null) query = query.where('client_id', '=', clientId);
      const project = await query.executeTakeFirst();
      return project === undefined ? null : rowsOf(project);
    },

    /** Projects the daily pass may collect: simulated, or an AWS account with a source that signs in. */
    async pollableProjectIds(): Promise<string[]> {
      const rows = await db
        .selectFrom('projects')
        .select('projects.id')
        .where((eb) => pollable(eb, marked))
        .orderBy('projects.id')
        .execute();
      return rows.map((r) => r.id);
    },

    /** The client's projects, each with whether it can be collected (the daily pass's rule). */
    collectability(clientId: string) {
      return db
        .selectFrom('projects')
        .select((eb) => [
          'projects.id',
          'projects.cloud_type',
          'projects.cloud_account_id',
          pollable(eb, marked).as('pollable'),
        ])
        .where('projects.client_id', '=', clientId)
        .execute();
    },
  };
}

export type CollectionTargetsRepo = ReturnType<typeof createCollectionTargetsRepo>;
