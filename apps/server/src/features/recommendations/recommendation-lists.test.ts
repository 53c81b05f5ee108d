import {
  type Recommendation,
  type RecommendationsExportQuery,
  recommendationsExportQuerySchema,
} from '@finlens/contracts/recommendations';
import { describe, expect, it } from 'vitest';
import { orderAgainstWaiting } from '../../platform/event-loop.test-helper';
import { selectRecommendations } from './recommendation-lists';

/** The fields the list filters and sorts on; the rest of a recommendation does not matter here. */
const recommendation = (i: number) =>
  ({
    id: `r-${String(i).padStart(5, '0')}`,
    type: i % 2 === 0 ? 'ec2-idle' : 'ebs-unattached',
    group: 'compute',
    finding: 'idle',
    account_id: `11112222${i % 7}`,
    region: i % 3 === 0 ? 'eu-west-1' : 'us-east-1',
    status: i % 5 === 0 ? 'dismissed' : 'open',
    tags: { team: i % 4 === 0 ? 'web' : 'data' },
    showback_values: [],
    resource_id: `i-${i.toString(16)}`,
    resource_name: i % 11 === 0 ? null : `server-${i}`,
    saving: {
      estimated_monthly_saving: (i * 37) % 101,
      on_demand_monthly_saving: i % 13,
      current_monthly_cost: i,
    },
    first_seen_at: `2026-11-${String(1 + (i % 27)).padStart(2, '0')}T00:00:00Z`,
  }) as unknown as Recommendation;

const query = (q: Partial<RecommendationsExportQuery>) => recommendationsExportQuerySchema.parse(q);

describe('selectRecommendations', () => {
  const rows = Array.from({ length: 3_000 }, (_, i) => recommendation(i));

  it('filters and sorts a client’s many recommendations a few thousand per turn of the event loop', async () => {
    const asked = query({ region: 'us-east-1', search: 'server-1', sort: 'resource', order: 'asc' });
    const { order, result } = await orderAgainstWaiting(() => selectRecommendations(rows, asked));
    expect(order).toEqual(['waiting request', 'done']);
    expect(result.length).toBeGreaterThan(0);
    const wrong = result.filter(
      (r) => r.region !== 'us-east-1' || r.status === 'dismissed' || !r.resource_name?.includes('server-1'),
    );
    expect(wrong).toEqual([]);
    const names = result.map((r) => r.resource_name ?? '');
    expect(names).toEqual([...names].sort());
  });

  it('orders by saving, ties by id, and keeps only the active statuses unless one is asked', async () => {
    const bySaving = await selectRecommendations(rows, query({}));
    expect(bySaving).toHaveLength(rows.filter((r) => r.status !== 'dismissed').length);
    const ordered = bySaving.every((b, i) => {
      const a = bySaving[i - 1];
      if (a === undefined) return true;
      const [x, y] = [a.saving.estimated_monthly_saving, b.saving.estimated_monthly_saving];
      return x > y || (x === y && a.id < b.id);
    });
    expect(ordered).toBe(true);
    const dismissed = await selectRecommendations(rows, query({ status: 'dismissed', type: 'ec2-idle' }));
    expect(dismissed.every((r) => r.status === 'dismissed' && r.type === 'ec2-idle')).toBe(true);
    expect(dismissed).toHaveLength(300);
  });
});
