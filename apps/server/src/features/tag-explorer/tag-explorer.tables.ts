import type { ColumnType, Generated } from 'kysely';

/** A JSON array of strings: written as a JSON string, read back parsed. */
type JsonList = ColumnType<string[], string, string>;

/** A client's tag policy (features/tag-explorer, design in @finlens/contracts/tag-explorer). */
export interface TagPoliciesTable {
  id: Generated<string>;
  client_id: string;
  name: string;
  tag_keys: JsonList;
  allowed_values: JsonList;
  allowed_pattern: string | null;
  account_ids: JsonList;
  services: JsonList;
  enabled: boolean;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface TagExplorerTables {
  tag_policies: TagPoliciesTable;
}
