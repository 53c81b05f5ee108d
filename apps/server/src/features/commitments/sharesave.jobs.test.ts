import { describe, expect, it } from 'vitest';
import type { JobRow } from '../../db/tables';
import { DISPATCH_KIND } from '../notifications/notifications.service';
import { SHARESAVE_REPORT_KIND, SHARESAVE_SCAN_KIND, shareSaveJobHandlers } from './sharesave.jobs';

const MONTHS = [
  { month: '2026-11', savings: 12 },
  { month: '2026-10', savings: 1_000 },
  { month: '2026-09', savings: -40 },
];

function setUp(
  settings: Record<string, { sharesave_allowed: boolean; partner: string | null; share: number | null }>,
) {
  const queued: { kind: string; payload: unknown; dedupeKey?: string }[] = [];
  const asked: string[] = [];
  const handlers = shareSaveJobHandlers({
    service: {
      realisedSavingsFor: async ({ clientId }) => {
        asked.push(clientId);
        return MONTHS;
      },
    },
    repo: {
      clientsWithProjects: async () => Object.keys(settings),
      shareSave: async (clientId) => ({
        ...(settings[clientId] ?? { sharesave_allowed: false, partner: null, share: null }),
        updatedAt: null,
      }),
      adminIds: async () => ['admin-1'],
    },
    queue: {
      enqueue: async (job) => {
        queued.push(job);
        return 'job-id';
      },
    },
    partners: new Set(['partner-listed']),
  });
  const run = (kind: string, payload: unknown, runAt = new Date('2026-11-01T07:00:00Z')) => {
    const handler = handlers.find((h) => h.kind === kind);
    const job = { id: 'scan-1', run_at: runAt } as JobRow;
    return handler?.run(handler.payload.parse(payload) as never, {
      job,
      signal: new AbortController().signal,
    });
  };
  return { queued, asked, run };
}

describe('ShareSave monthly notification', () => {
  it('on the 1st, queues the closed month’s report for every client with a project, once per client and month', async () => {
    const { queued, run } = setUp({
      a: { sharesave_allowed: true, partner: null, share: 0.2 },
      b: { sharesave_allowed: false, partner: null, share: null },
    });
    await run(SHARESAVE_SCAN_KIND, {});
    expect(queued).toEqual([
      {
        kind: SHARESAVE_REPORT_KIND,
        payload: { clientId: 'a', month: '2026-10' },
        dedupeKey: `${SHARESAVE_REPORT_KIND}:a:2026-10`,
      },
      {
        kind: SHARESAVE_REPORT_KIND,
        payload: { clientId: 'b', month: '2026-10' },
        dedupeKey: `${SHARESAVE_REPORT_KIND}:b:2026-10`,
      },
    ]);
  });

  it("sends the client's admins and commitment channels the month's savings, share, fee and net saving", async () => {
    const { queued, run } = setUp({ a: { sharesave_allowed: true, partner: null, share: 0.2 } });
    await run(SHARESAVE_REPORT_KIND, { clientId: 'a', month: '2026-10' });
    expect(queued).toEqual([
      {
        kind: DISPATCH_KIND,
        dedupeKey: 'commitments.sharesave:a:2026-10',
        payload: {
          clientId: 'a',
          source: 'commitment',
          sourceId: 'sharesave:2026-10',
          subject: 'ShareSave 2026-10: $1,000.00 realised, partner’s fee $200.00',
          text: 'Realised commitment savings in 2026-10 were $1,000.00 (reservations and savings plans against on demand, unused hours included). Agreed share: 20.0 %; the partner’s fee is $200.00 and your net saving $800.00.',
          link: '/v3/compute-copilot/summary/',
          severity: 'info',
          facts: {
            Month: '2026-10',
            'Realised savings': '$1,000.00',
            Share: '20.0 %',
            'Partner’s fee': '$200.00',
            'Your net saving': '$800.00',
          },
          recipients: { userIds: ['admin-1'], emails: [], channelIds: [] },
        },
      },
    ]);
  });

  it('sends a listed partner’s client too (no fee until a share is agreed), and nothing where ShareSave is not allowed or the bill lacks the month', async () => {
    const { queued, run } = setUp({
      listed: { sharesave_allowed: false, partner: 'partner-listed', share: null },
      other: { sharesave_allowed: false, partner: 'partner-other', share: 0.3 },
    });
    await run(SHARESAVE_REPORT_KIND, { clientId: 'listed', month: '2026-10' });
    expect(queued.map((q) => (q.payload as { subject: string }).subject)).toEqual([
      'ShareSave 2026-10: $1,000.00 realised, partner’s fee —',
    ]);
    await run(SHARESAVE_REPORT_KIND, { clientId: 'other', month: '2026-10' });
    await run(SHARESAVE_REPORT_KIND, { clientId: 'listed', month: '2026-06' });
    expect(queued).toHaveLength(1);
  });
});
