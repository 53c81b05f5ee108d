import { describe, expect, it } from 'vitest';
import { assertShareSaveAllowed, shareSaveReport } from './sharesave-report';

const setting = { sharesave_allowed: true, partner: 'p1', updatedAt: new Date('2026-11-01T00:00:00Z') };
const months = [
  { month: '2026-10', savings: 1_000 },
  { month: '2026-09', savings: -40 },
];

describe('ShareSave report', () => {
  it("gives the partner the share of each month's realised savings, nothing of a loss; totals add the months", () => {
    const report = shareSaveReport(months, { ...setting, share: 0.25 });
    expect(report.months).toEqual([
      { month: '2026-10', realised_savings: 1_000, share: 0.25, partner_fee: 250, client_net_saving: 750 },
      { month: '2026-09', realised_savings: -40, share: 0.25, partner_fee: 0, client_net_saving: -40 },
    ]);
    expect(report.totals).toEqual({ realised_savings: 960, partner_fee: 250, client_net_saving: 710 });
    expect([report.share, report.partner, report.updated_at]).toEqual([
      0.25,
      'p1',
      '2026-11-01T00:00:00.000Z',
    ]);
  });

  it('leaves fees empty until a share is agreed', () => {
    const report = shareSaveReport(months, { ...setting, share: null });
    expect(report.months.map((m) => [m.partner_fee, m.client_net_saving])).toEqual([
      [null, null],
      [null, null],
    ]);
    expect(report.totals).toEqual({ realised_savings: 960, partner_fee: null, client_net_saving: null });
  });

  it('is allowed by the client flag or a listed partner, else a 404', () => {
    const off = { ...setting, sharesave_allowed: false, share: null };
    expect(() => assertShareSaveAllowed(off, new Set())).toThrow(
      expect.objectContaining({ statusCode: 404 }),
    );
    expect(() => assertShareSaveAllowed(off, new Set(['p1']))).not.toThrow();
    expect(() => assertShareSaveAllowed({ ...off, sharesave_allowed: true }, new Set())).not.toThrow();
  });
});
