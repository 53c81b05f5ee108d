import type { CloudResource, ResourceRef } from './cloud-resources';

/** One attribute that differs between two passes; values as JSON-comparable data (dates as ISO text). */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

export type InventoryChange =
  | { type: 'created'; resource: CloudResource }
  | { type: 'deleted'; resource: CloudResource }
  | { type: 'changed'; resource: CloudResource; fields: FieldChange[] };

/** Identifies a resource across passes: the same id may exist in two accounts or regions. */
export const resourceKey = (r: Pick<CloudResource, 'accountId' | 'region'> & ResourceRef) =>
  `${r.accountId}/${r.region}/${r.kind}/${r.id}`;

const plain = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : value);
/** JSON with object keys sorted, so values read back from storage (jsonb reorders keys) compare equal. */
const stable = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
const same = (a: unknown, b: unknown) => stable(a) === stable(b);

/** The attributes that differ, by top-level field (tags and lists compare as wholes). */
export function changedFields(before: CloudResource, after: CloudResource): FieldChange[] {
  const fields = new Set([...Object.keys(before), ...Object.keys(after)]);
  const out: FieldChange[] = [];
  for (const field of [...fields].sort()) {
    const a = plain((before as unknown as Record<string, unknown>)[field]);
    const b = plain((after as unknown as Record<string, unknown>)[field]);
    if (!same(a, b)) out.push({ field, before: a ?? null, after: b ?? null });
  }
  return out;
}

/**
 * What changed between two listings of the same scope (for change history and rules' change management).
 * Compare only scopes that were listed in full: a kind whose listing failed must be left out of both sides, or
 * its resources would look deleted.
 */
export function diffInventory(
  previous: readonly CloudResource[],
  current: readonly CloudResource[],
): InventoryChange[] {
  const before = new Map(previous.map((r) => [resourceKey(r), r]));
  const changes: InventoryChange[] = [];
  const seen = new Set<string>();
  for (const resource of current) {
    const key = resourceKey(resource);
    seen.add(key);
    const old = before.get(key);
    if (!old) {
      changes.push({ type: 'created', resource });
      continue;
    }
    const fields = changedFields(old, resource);
    if (fields.length > 0) changes.push({ type: 'changed', resource, fields });
  }
  for (const [key, resource] of before) if (!seen.has(key)) changes.push({ type: 'deleted', resource });
  return changes;
}
