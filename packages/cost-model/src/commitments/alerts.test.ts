import { describe, expect, it } from 'vitest';
import {
  type AlertedCommitment,
  commitmentAlerts,
  coverageDropDue,
  DEFAULT_COMMITMENT_ALERT_SETTINGS,
  expiryThresholdReached,
  utilisationAlertDue,
} from './alerts';

const now = new Date('2026-11-20T06:00:00Z');
const days = (n: number) => new Date(now.getTime() + n * 86_400_000);
const commitment = (over: Partial<AlertedCommitment>): AlertedCommitment => ({
  arn: 'arn:sp',
  kind: 'savings_plan',
  label: 'ComputeSavingsPlans $10/h',
  start: days(-300),
  end: days(400),
  utilisation: 0.95,
  unusedCost: 0,
  ...over,
});
const input = (commitments: AlertedCommitment[], coverage = { recent: 0.5, previous: 0.5 }) => ({
  now,
  newestDay: '2026-11-19',
  commitments,
  coverage,
});

describe('commitment alert rules', () => {
  it('reaches the most urgent expiry threshold only, and none once ended', () => {
    expect(expiryThresholdReached(120, [90, 30, 7])).toBeNull();
    expect(expiryThresholdReached(90, [90, 30, 7])).toBe(90);
    expect(expiryThresholdReached(29.5, [90, 30, 7])).toBe(30);
    expect(expiryThresholdReached(5, [90, 30, 7])).toBe(7);
    expect(expiryThresholdReached(0, [90, 30, 7])).toBeNull();
    expect(expiryThresholdReached(-3, [90, 30, 7])).toBeNull();
    expect(expiryThresholdReached(45, [60])).toBe(60);
  });

  it('flags low utilisation and coverage drops at their thresholds', () => {
    expect(utilisationAlertDue(0.62, 0.8)).toBe(true);
    expect(utilisationAlertDue(0.8, 0.8)).toBe(false);
    expect(utilisationAlertDue(null, 0.8)).toBe(false);
    expect(coverageDropDue(0.7, 0.55, 0.1)).toBe(true);
    expect(coverageDropDue(0.7, 0.6, 0.1)).toBe(true);
    expect(coverageDropDue(0.7, 0.65, 0.1)).toBe(false);
    expect(coverageDropDue(null, 0.1, 0.1)).toBe(false);
  });
});

describe('commitmentAlerts', () => {
  it('says nothing about a healthy, old, far-off commitment with steady coverage', () => {
    expect(commitmentAlerts(input([commitment({})]))).toEqual([]);
  });

  it('gives each alert a key naming its slot: the threshold, the month, the purchase', () => {
    const expiring = commitment({ arn: 'arn:ri', kind: 'reservation', end: days(25) });
    const underUsed = commitment({ arn: 'arn:low', utilisation: 0.6, unusedCost: 812.5 });
    const fresh = commitment({ arn: 'arn:new', start: days(-3) });
    const alerts = commitmentAlerts(input([fresh, underUsed, expiring], { previous: 0.72, recent: 0.55 }));
    expect(alerts.map((a) => [a.kind, a.key, a.severity])).toEqual([
      ['expiry', `expiry:arn:ri:${days(25).toISOString()}:30`, 'warning'],
      ['utilisation', 'utilisation:arn:low:2026-11', 'warning'],
      ['coverage', 'coverage:2026-11', 'warning'],
      ['purchase', 'purchase:arn:new', 'info'],
    ]);
    const coverage = alerts.find((a) => a.kind === 'coverage');
    expect(coverage).toMatchObject({ previous: 0.72, current: 0.55, points: 0.1 });
  });

  it('orders expiries by days left and grades them 90 info, 30 warning, 7 critical', () => {
    const alerts = commitmentAlerts(
      input([
        commitment({ arn: 'a', end: days(80) }),
        commitment({ arn: 'b', end: days(6) }),
        commitment({ arn: 'c', end: days(20) }),
      ]),
    );
    expect(alerts.map((a) => [a.kind === 'expiry' && a.commitment.arn, a.severity])).toEqual([
      ['b', 'critical'],
      ['c', 'warning'],
      ['a', 'info'],
    ]);
  });

  it('does not call an ended commitment under-used, and follows the settings given', () => {
    const ended = commitment({ end: days(-2), utilisation: 0.1 });
    expect(commitmentAlerts(input([ended]))).toEqual([]);
    const settings = { ...DEFAULT_COMMITMENT_ALERT_SETTINGS, utilisationBelow: 0.5, expiryDays: [14] };
    const c = commitment({ utilisation: 0.6, end: days(25) });
    expect(commitmentAlerts(input([c]), settings)).toEqual([]);
    expect(commitmentAlerts(input([{ ...c, end: days(10) }]), settings).map((a) => a.key)).toEqual([
      `expiry:arn:sp:${days(10).toISOString()}:14`,
    ]);
  });
});
