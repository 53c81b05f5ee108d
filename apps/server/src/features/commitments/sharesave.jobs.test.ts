import { addMonths } from '@finlens/cost-model/utc-calendar';
import { describe, expect, it } from 'vitest';
import type { JobRow } from '../../db/tables';
import { DISPATCH_KIND } from '../notifications/notifications.service';
import {
  completeMonths,
  SHARESAVE_REPORT_KIND,
  SHARESAVE_SCAN_KIND,
  SHARESAVE_SCHEDULES,
  shareSaveJobHandlers,
} from './sharesave.jobs';

/** Each month's realised savings as the bill has them (a month the bill has not finished: a partial figure). */
const SAVINGS: Record<string, number> = {
  '2026-12': 3,
  '2026-11': 12,
  '2026-10': 1_000,
  '2026-09': -40,
  '2026-08': 77,
};

function setUp(
  settings: Record<string, { sharesave_allowed: boolean; partner: string | null; share: number | null }>,
) {
  const queued: { kind: string; payload: unknown; dedupeKey?: string }[] = [];
  const asked: string[] = [];
  /** The newest usage day of the bill (the last day of October unless a test moves it). */
  const bill = { newest: '2026-10-31' as string | null };
  const handlers = shareSaveJobHandlers({
    service: {
      newestDayFor: async () => bill.newest,
      // As the service answers: `count` months from the bill's newest back, newest first.
      realisedSavingsFor: async ({ clientId }, count) => {
        asked.push(clientId);
        if (bill.newest === null) return [];
        const newest = bill.newest;
        return Array.from({ length: count }, (_, i) => {
          const month = addMonths(`${newest.slice(0, 7)}-01`, -i).slice(0, 7);
          return { month, savings: SAVINGS[month] ?? 0 };
        });
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
      // As the job queue: a second job under a dedupe key already used is ignored.
      enqueue: async (job) => {
        if (job.dedupeKey !== undefined && queued.some((q) => q.dedupeKey === job.dedupeKey)) return null;
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
  const sent = () =>
    queued.filter((q) => q.kind === DISPATCH_KIND).map((q) => (q.payload as { subject: string }).subject);
  return { queued, asked, bill, run, sent };
}

describe('ShareSave monthly notification', () => {
  it('daily, queues a report for every client with a project (no dedupe key: its notices are deduped)', async () => {
    const { queued, run } = setUp({
      a: { sharesave_allowed: true, partner: null, share: 0.2 },
      b: { sharesave_allowed: false, partner: null, share: null },
    });
    await run(SHARESAVE_SCAN_KIND, {});
    expect(queued).toEqual([
      { kind: SHARESAVE_REPORT_KIND, payload: { clientId: 'a' } },
      { kind: SHARESAVE_REPORT_KIND, payload: { clientId: 'b' } },
    ]);
    expect(SHARESAVE_SCHEDULES.map((s) => s.cron)).toEqual(['0 7 * * *']);
  });

  // The first run of each carries the month as the monthly scan queued it (the daily report ignores it).
  it('waits for the bill to reach the closed month’s last day: a partial month is never sent, the full one once', async () => {
    const { bill, run, sent } = setUp({ a: { sharesave_allowed: true, partner: null, share: 0.2 } });
    const of = (month: string) => sent().filter((s) => s.startsWith(`ShareSave ${month}:`));
    // 1 November 07:00: the refresh brought the bill to 30 October only.
    bill.newest = '2026-10-30';
    await run(SHARESAVE_REPORT_KIND, { clientId: 'a', month: '2026-10' }, new Date('2026-11-01T07:00:00Z'));
    expect(of('2026-10')).toEqual([]);
    // The next day the bill holds 31 October (and a day of November): October is sent, once; November is not.
    bill.newest = '2026-11-01';
    await run(SHARESAVE_REPORT_KIND, { clientId: 'a' }, new Date('2026-11-02T07:00:00Z'));
    await run(SHARESAVE_REPORT_KIND, { clientId: 'a' }, new Date('2026-11-03T07:00:00Z'));
    expect(of('2026-10')).toEqual(['ShareSave 2026-10: $1,000.00 realised, partner’s fee $200.00']);
    expect(of('2026-11')).toEqual([]);
  });

  it('a bill stale for over a month still reports each month when it catches up, oldest first', async () => {
    const { bill, run, sent } = setUp({ a: { sharesave_allowed: true, partner: null, share: null } });
    // 1 November: the bill stops on 20 September — August is complete, September and October are not.
    bill.newest = '2026-09-20';
    await run(SHARESAVE_REPORT_KIND, { clientId: 'a', month: '2026-10' }, new Date('2026-11-01T07:00:00Z'));
    expect(sent()).toEqual(['ShareSave 2026-08: $77.00 realised, partner’s fee —']);
    // 1 December: the bill caught up to the end of October — September and October, not November.
    bill.newest = '2026-10-31';
    await run(SHARESAVE_REPORT_KIND, { clientId: 'a', month: '2026-11' }, new Date('2026-12-01T07:00:00Z'));
    expect(sent()).toEqual([
      'ShareSave 2026-08: $77.00 realised, partner’s fee —',
      'ShareSave 2026-09: -$40.00 realised, partner’s fee —',
      'ShareSave 2026-10: $1,000.00 realised, partner’s fee —',
    ]);
    bill.newest = '2026-11-30';
    await run(SHARESAVE_REPORT_KIND, { clientId: 'a' }, new Date('2026-12-02T07:00:00Z'));
    expect(sent()).toHaveLength(4);
    expect(sent()[3]).toBe('ShareSave 2026-11: $12.00 realised, partner’s fee —');
  });

  it('gives up on a month the bill reaches more than three months after it closed', () => {
    expect(completeMonths(new Date('2026-12-01T07:00:00Z'), '2026-11-30')).toEqual([
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    expect(completeMonths(new Date('2027-01-15T07:00:00Z'), '2026-11-30')).toEqual(['2026-10', '2026-11']);
    expect(completeMonths(new Date('2026-12-01T07:00:00Z'), '2026-08-31')).toEqual([]);
  });

  it("sends the client's admins and commitment channels the month's savings, share, fee and net saving", async () => {
    const { queued, run } = setUp({ a: { sharesave_allowed: true, partner: null, share: 0.2 } });
    await run(SHARESAVE_REPORT_KIND, { clientId: 'a' });
    expect(queued.filter((q) => q.dedupeKey === 'commitments.sharesave:a:2026-10')).toEqual([
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

  it('sends a listed partner’s client too (no fee until a share is agreed), and nothing where ShareSave is not allowed or the bill is empty', async () => {
    const { bill, run, sent } = setUp({
      listed: { sharesave_allowed: false, partner: 'partner-listed', share: null },
      other: { sharesave_allowed: false, partner: 'partner-other', share: 0.3 },
      empty: { sharesave_allowed: true, partner: null, share: 0.3 },
    });
    await run(SHARESAVE_REPORT_KIND, { clientId: 'listed' });
    // The three months closed before November, each once.
    expect(sent()).toEqual([
      'ShareSave 2026-08: $77.00 realised, partner’s fee —',
      'ShareSave 2026-09: -$40.00 realised, partner’s fee —',
      'ShareSave 2026-10: $1,000.00 realised, partner’s fee —',
    ]);
    await run(SHARESAVE_REPORT_KIND, { clientId: 'other' });
    bill.newest = null;
    await run(SHARESAVE_REPORT_KIND, { clientId: 'empty' });
    // A report queued by the monthly scan before the daily one (it named its month) runs as the daily one.
    bill.newest = '2026-10-31';
    await run(SHARESAVE_REPORT_KIND, { clientId: 'listed', month: '2026-06' });
    expect(sent()).toHaveLength(3);
  });
});
