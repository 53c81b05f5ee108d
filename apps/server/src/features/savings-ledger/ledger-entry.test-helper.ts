import type { Insertable, Kysely } from 'kysely';
import type { AppTables } from '../../db/tables';
import { NOT_ACTED_ON } from './ledger-entry';
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
