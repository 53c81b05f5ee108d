import { COST_DIMENSIONS, DIMENSION_GROUPS } from '@finlens/contracts/cost-query';
import { describe, expect, it } from 'vitest';
import { COST_DIMENSION_CATALOGUE } from './cost-dimensions';

describe('cost dimension catalogue', () => {
  it('describes every spec §3 dimension with a display name and help text', () => {
    expect(Object.keys(COST_DIMENSION_CATALOGUE)).toEqual([...COST_DIMENSIONS]);
    const labels = new Set<string>();
    for (const entry of Object.values(COST_DIMENSION_CATALOGUE)) {
      expect(entry.label.length).toBeGreaterThan(0);
      expect(entry.help).toMatch(/\.$/);
      labels.add(entry.label);
    }
    expect(labels.size).toBe(COST_DIMENSIONS.length);
  });

  it('lists the dimensions group by group in the spec order', () => {
    const groups = Object.values(COST_DIMENSION_CATALOGUE).map((e) => e.group);
    const firstSeen = [...new Set(groups)];
    expect(firstSeen).toEqual([...DIMENSION_GROUPS]);
    const indexes = groups.map((g) => DIMENSION_GROUPS.indexOf(g));
    expect(indexes).toEqual([...indexes].sort((a, b) => a - b));
  });
});
