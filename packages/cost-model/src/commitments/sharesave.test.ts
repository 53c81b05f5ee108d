import { describe, expect, it } from 'vitest';
import { shareSaveAllowed, shareSaveMonth } from './sharesave';

describe('ShareSave', () => {
  it('is visible with sharesave_allowed or a qualifying partner only', () => {
    const partners = new Set(['p-1']);
    expect(shareSaveAllowed({ sharesave_allowed: true, partner: null }, partners)).toBe(true);
    expect(shareSaveAllowed({ sharesave_allowed: false, partner: 'p-1' }, partners)).toBe(true);
    expect(shareSaveAllowed({ sharesave_allowed: false, partner: 'p-2' }, partners)).toBe(false);
    expect(shareSaveAllowed({ sharesave_allowed: false, partner: null }, partners)).toBe(false);
  });

  it('splits realised savings and takes no fee from a loss', () => {
    expect(shareSaveMonth('2026-05', 1000, 0.25)).toEqual({
      month: '2026-05',
      realisedSavings: 1000,
      share: 0.25,
      partnerFee: 250,
      clientNetSaving: 750,
    });
    expect(shareSaveMonth('2026-06', -40, 0.25).partnerFee).toBe(0);
    expect(shareSaveMonth('2026-06', -40, 0.25).clientNetSaving).toBe(-40);
    expect(() => shareSaveMonth('2026-06', 1, 1.5)).toThrow(RangeError);
  });
});
