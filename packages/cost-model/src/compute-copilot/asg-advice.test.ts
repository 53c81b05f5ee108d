import { describe, expect, it } from 'vitest';
import { type AsgAdviceInput, asgAdvice, DEFAULT_SPOT_RATIO, diversifiedTypes } from './asg-advice';

const instance = (type: string, lifecycle = 'on-demand', monthly = 100) => ({
  type,
  lifecycle,
  monthlyEffective: monthly,
  monthlyOnDemand: monthly,
});
const group = (over: Partial<AsgAdviceInput> = {}): AsgAdviceInput => ({
  region: 'us-east-1',
  minSize: 1,
  desiredCapacity: 3,
  launchTemplateType: 'c5.xlarge',
  mixedPolicy: null,
  instances: [instance('c5.xlarge'), instance('c5.xlarge'), instance('c5.xlarge')],
  cpu: { avg: 50, p95: 60, max: 70 },
  spotRatio: null,
  ...over,
});

describe('diversifiedTypes', () => {
  it('lists same-shape current-generation peers of other families, cheapest first, the type itself first', () => {
    const types = diversifiedTypes('m5.large', 'us-east-1');
    expect(types[0]).toBe('m5.large');
    expect(types.length).toBe(4);
    for (const t of types.slice(1)) expect(t.endsWith('.large')).toBe(true);
    expect(types).toContain('m5a.large');
  });

  it('gives the type alone when the catalogue does not know it', () => {
    expect(diversifiedTypes('zz9.huge', 'us-east-1')).toEqual(['zz9.huge']);
  });
});

describe('asgAdvice', () => {
  it('moves the on-demand capacity above the base to spot at the bill’s spot ratio', () => {
    const spot = asgAdvice(group({ spotRatio: 0.3 })).find((a) => a.type === 'spot-adoption');
    // Base max(1, minSize 1) = 1: two instances of $100 move, each saving 70 %.
    expect(spot?.monthlySaving).toBeCloseTo(140, 9);
    expect(spot?.instanceTypes.length).toBeGreaterThanOrEqual(3);
    expect(spot?.risk).toBe('low');
  });

  it('uses the default spot ratio without spot lines, keeps the policy’s base and leaves covered instances alone', () => {
    const covered = { ...instance('c5.xlarge'), monthlyEffective: 60 };
    const advice = asgAdvice(
      group({
        mixedPolicy: { onDemandBaseCapacity: 1, instanceTypes: ['c5.xlarge'] },
        instances: [instance('c5.xlarge'), instance('c5.xlarge'), covered, instance('c5.xlarge', 'spot')],
        desiredCapacity: 4,
      }),
    );
    const spot = advice.find((a) => a.type === 'spot-adoption');
    expect(spot?.monthlySaving).toBeCloseTo(100 * (1 - DEFAULT_SPOT_RATIO), 9);
  });

  it('advises nothing for spot when the group has one instance or only its base on demand', () => {
    expect(asgAdvice(group({ desiredCapacity: 1, instances: [instance('c5.xlarge')] }))).toEqual([]);
    const based = group({ minSize: 3 });
    expect(asgAdvice(based).some((a) => a.type === 'spot-adoption')).toBe(false);
  });

  it('rightsizes the launch template when CPU leaves room, priced by the catalogue ratio', () => {
    const advice = asgAdvice(group({ cpu: { avg: 8, p95: 10, max: 15 } }));
    const right = advice.find((a) => a.type === 'rightsizing');
    expect(right?.instanceTypes).toHaveLength(1);
    expect(right?.monthlySaving).toBeGreaterThan(0);
    expect(right?.monthlySaving).toBeLessThan(300);
    expect(
      asgAdvice(group({ cpu: { avg: 50, p95: 55, max: 70 } })).some((a) => a.type === 'rightsizing'),
    ).toBe(false);
  });

  it('schedules scaling for clock-shaped load: capacity above the minimum, 108 of 168 hours', () => {
    const advice = asgAdvice(group({ cpu: { avg: 20, p95: 50, max: 60 } }));
    const schedule = advice.find((a) => a.type === 'scheduled-scaling');
    expect(schedule?.monthlySaving).toBeCloseTo(300 * (2 / 3) * (108 / 168), 9);
    expect(asgAdvice(group({ cpu: null })).some((a) => a.type === 'scheduled-scaling')).toBe(false);
  });
});
