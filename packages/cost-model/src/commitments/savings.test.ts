import { describe, expect, it } from 'vitest';
import { effectiveSavingsRate, savingsOf } from './savings';
import { reservationUtilisation, savingsPlanUtilisation, utilisationRatio } from './utilisation';

describe('savingsOf', () => {
  it('keeps spot apart and leaves unpriced spot out of its savings', () => {
    const savings = savingsOf([
      { kind: 'covered', onDemandEquivalent: 100, actual: 60 },
      { kind: 'on-demand', onDemandEquivalent: 50, actual: 50 },
      { kind: 'unused-commitment', onDemandEquivalent: 0, actual: 10 },
      { kind: 'spot', onDemandEquivalent: 30, actual: 9 },
      { kind: 'spot', onDemandEquivalent: 0, actual: 4 },
    ]);
    expect(savings.netSavings).toBe(30);
    expect(savings.effectiveSavingsRate).toBeCloseTo(0.2, 12);
    expect(savings.spot).toEqual({
      onDemandEquivalent: 30,
      actual: 9,
      netSavings: 21,
      savingsRate: 0.7,
      unpricedActual: 4,
    });
  });

  it('has no rate without eligible usage', () => {
    expect(effectiveSavingsRate(0, 5)).toBeNull();
    expect(savingsOf([]).effectiveSavingsRate).toBeNull();
  });
});

describe('utilisation', () => {
  it('keeps ratios in [0, 1] whatever the bill’s rounding does', () => {
    expect(utilisationRatio(5, 0)).toBeNull();
    expect(utilisationRatio(744.0000001, 744)).toBe(1);
    expect(reservationUtilisation({ purchased: 744, unused: 45.999444 }).utilisation).toBeCloseTo(
      698.000556 / 744,
      12,
    );
    expect(savingsPlanUtilisation(10, 12)).toEqual({ used: 10, unused: 0, committed: 10, utilisation: 1 });
    expect(savingsPlanUtilisation(10, 2.5).unused).toBe(7.5);
  });
});
