import type { Insertable, Kysely } from 'kysely';
import type { AppTables } from '../../db/tables';
import type { ClientCaller } from '../../platform/auth/caller';
import { NOT_ACTED_ON } from './ledger-entry';
import type { SavingsLedgerService } from './savings-ledger.service';
import type { SavingsLedgerEntriesTable } from './savings-ledger.tables';

type Required = Pick<
  Insertable<SavingsLedgerEntriesTable>,
  'client_id' | 'project_id' | 'recommendation_id' | 'resource_id' | 'state' | 'estimated_monthly_saving'
>;

/** A ledger entry of an EC2 stop written straight to the table (`fields` override); returns its id. */
export async function insertLedgerEntry(
  db: Kysely<AppTables>,
  fields: Required & Partial<Insertable<SavingsLedgerEntriesTable>>,
): Promise<string> {
  const { id } = await db
    .insertInto('savings_ledger_entries')
    .values({
      type: 'ec2-idle',
      title: `Stop ${fields.resource_id}`,
      account_id: '111',
      region: 'us-east-1',
      resource_kind: 'ec2-instance',
      action: JSON.stringify({ kind: 'stop', description: 'Stop it', target: {}, reversible: true }),
      tags: '{}',
      showback_values: '[]',
      on_demand_monthly_saving: fields.estimated_monthly_saving,
      current_monthly_cost: fields.estimated_monthly_saving,
      ...NOT_ACTED_ON,
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
      ...fields,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * The path every applied recommendation takes: `proposer` (a member, or the admin) accepts, the admin approves
 * and applies it without a dry run; with `advance`, an apply still running (a cloud transition to wait for) is
 * resumed after each advance of the clock, up to `steps` times. Returns the apply's answer and the entry as it ends.
 */
export async function acceptApproveApply(
  service: Pick<SavingsLedgerService, 'get' | 'resumeApply' | 'transition'>,
  recommendationId: string,
  callers: { proposer: ClientCaller; admin: ClientCaller },
  resume: { advance: () => void; steps: number } | null = null,
) {
  await service.transition(callers.proposer, recommendationId, { action: 'accept' });
  await service.transition(callers.admin, recommendationId, { action: 'approve' });
  const started = await service.transition(callers.admin, recommendationId, {
    action: 'apply',
    dry_run: false,
  });
  let entry = await service.get(callers.admin, recommendationId);
  for (let step = 0; resume !== null && step < resume.steps && entry.state !== 'applied'; step++) {
    resume.advance();
    await service.resumeApply(started.entry.id);
    entry = await service.get(callers.admin, recommendationId);
  }
  return { started, entry };
}
