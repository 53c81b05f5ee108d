import { describe, expect, it } from 'vitest';
import { coverageDropDue, expiryAlertDue, newlyPurchased, utilisationAlertDue } from './alerts';

const end = new Date('2026-12-31T00:00:00Z');
const daysBefore = (days: number) => new Date(end.getTime() - days * 86_400_000);

describe('commitment alerts', () => {
  it('fires each expiry threshold once, the most urgent when several are crossed', () => {
    expect(expiryAlertDue(end, daysBefore(91), daysBefore(90))).toBe(90);
    expect(expiryAlertDue(end, daysBefore(90), daysBefore(89))).toBeNull();
    expect(expiryAlertDue(end, daysBefore(31), daysBefore(29.5))).toBe(30);
    expect(expiryAlertDue(end, null, daysBefore(5))).toBe(7);
    expect(expiryAlertDue(end, daysBefore(100), daysBefore(6))).toBe(7);
    expect(expiryAlertDue(end, daysBefore(1), daysBefore(-1))).toBeNull();
    expect(expiryAlertDue(end, null, daysBefore(200))).toBeNull();
  });

  it('flags low utilisation, coverage drops and new purchases', () => {
    expect(utilisationAlertDue(0.62, 0.8)).toBe(true);
    expect(utilisationAlertDue(null, 0.8)).toBe(false);
    expect(coverageDropDue(0.7, 0.55, 0.1)).toBe(true);
    expect(coverageDropDue(0.7, 0.65, 0.1)).toBe(false);
    expect(coverageDropDue(null, 0.1, 0.1)).toBe(false);
    expect(newlyPurchased(new Set(['a']), ['b', 'a', 'c', 'b'])).toEqual(['b', 'c']);
  });
});
