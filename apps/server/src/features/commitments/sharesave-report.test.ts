import { SHARESAVE_PARTNER_CSV_COLUMNS } from '@finlens/contracts/commitments';
import { describe, expect, it } from 'vitest';
import {
  assertShareSaveAllowed,
  partnerShareSave,
  partnerShareSaveCsv,
  shareSaveReport,
} from './sharesave-report';

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

  it('the partner view as CSV: one line per allowed client with the table’s columns, unrounded', async () => {
    const client = (clientId: string, clientName: string, share: number | null, allowed = true) => ({
      ...setting,
      sharesave_allowed: allowed,
      partner: 'p1',
      share,
      clientId,
      clientName,
    });
    const view = await partnerShareSave({
      partner: 'p1',
      clients: [
        client('c1', 'Acme', 0.25),
        client('c2', '=Globex', null),
        client('c3', 'Hidden', 0.5, false),
      ],
      partners: new Set(),
      realisedSavings: async (clientId) =>
        clientId === 'c1' ? months : [{ month: '2026-10', savings: 1 / 3 }],
    });
    const [header, ...lines] = (await partnerShareSaveCsv(view)).trim().split('\n');
    expect(header?.split(',')).toEqual([...SHARESAVE_PARTNER_CSV_COLUMNS]);
    expect(lines).toEqual(['Acme,0.25,960,250,710,2', `'=Globex,,${1 / 3},,,1`]);
  });

  it('the partner view reads at most four clients at once, and reports every one', async () => {
    let reading = 0;
    let most = 0;
    const clients = Array.from({ length: 10 }, (_, i) => ({
      ...setting,
      share: null,
      clientId: `c${i}`,
      clientName: `Client ${i}`,
    }));
    const view = await partnerShareSave({
      partner: 'p1',
      clients,
      partners: new Set(),
      realisedSavings: async () => {
        reading += 1;
        most = Math.max(most, reading);
        await new Promise((resolve) => setTimeout(resolve, 1));
        reading -= 1;
        return months;
      },
    });
    expect(most).toBe(4);
    expect(view.clients.map((c) => c.client_id)).toEqual(clients.map((c) => c.clientId));
  });
});
