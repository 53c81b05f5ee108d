import { OTHERS_KEY } from '@finlens/contracts/cost-query';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  answerMismatches,
  clickHouseString,
  type ExplorerAnswer,
  explorerCases,
  monthStart,
  questionMix,
  shiftAfter,
  topMismatches,
} from './explorer-queries';

const periods = ['2026-10-01', '2026-10-02'];
const cells = [
  { period: '2026-10-01', grp: 'EC2', cost: 10 },
  { period: '2026-10-02', grp: 'EC2', cost: 12 },
  { period: '2026-10-01', grp: 'S3', cost: 3 },
  { period: '2026-10-02', grp: null, cost: 1 },
];
/** The answer Finlens gives for `cells` with top_n 1. */
const answer = (): ExplorerAnswer => ({
  periods,
  series: [
    { key: 'EC2', costs: [10, 12], total: 22 },
    { key: OTHERS_KEY, costs: [3, 1], total: 4 },
  ],
  total: 26,
  group_count: 3,
});

describe('explorer bench queries', () => {
  it('asks the seven questions over windows ending on the newest usage day', () => {
    const cases = explorerCases('2026-10-31');
    expect(cases.map((c) => [c.query.start_date, c.query.end_date, c.query.granularity])).toEqual([
      ['2026-10-02', '2026-10-31', 'day'],
      ['2025-10-01', '2026-10-31', 'month'],
      ['2026-08-03', '2026-10-31', 'day'],
      ['2026-08-03', '2026-10-31', 'day'],
      ['2026-10-29', '2026-10-31', 'hour'],
      ['2026-10-02', '2026-10-31', 'day'],
      ['2026-10-02', '2026-10-31', 'day'],
    ]);
    // The account-filtered question: the same filter in the CostQuery and in the hand-written SQL.
    expect(cases[6]?.query.filters).toEqual([
      { dimension: 'line_item_usage_account_id', mode: 'include', values: ['052318647209'] },
    ]);
    expect(cases[6]?.handTopSql).toContain("line_item_usage_account_id = '052318647209'");
    // The hand-written SQL's range is [start, end + 1 day).
    expect(cases[0]?.handValues).toEqual(['2026-10-02', '2026-11-01']);
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(monthStart('2026-01-15', 1)).toBe('2025-12-01');
  });

  it('accepts an answer that agrees with the hand-written cells to the cent', () => {
    expect(answerMismatches(answer(), cells)).toEqual([]);
    const nearly = answer();
    nearly.series[0] = { key: 'EC2', costs: [10.004, 12], total: 22.004 };
    expect(answerMismatches(nearly, cells)).toEqual([]);
  });

  it('reports a cost a cent off, a wrong Others, total or group count, and a top group left in Others', () => {
    const off = answer();
    off.series[0] = { key: 'EC2', costs: [10.01, 12], total: 22.01 };
    expect(answerMismatches(off, cells)).toEqual(['EC2 2026-10-01: 10.01 vs hand SQL 10']);

    const wrong = { ...answer(), total: 27, group_count: 2 };
    wrong.series[1] = { key: OTHERS_KEY, costs: [3, 0], total: 3 };
    expect(answerMismatches(wrong, cells)).toEqual([
      `${OTHERS_KEY} 2026-10-02: 0 vs hand SQL 1`,
      'total 27 vs hand SQL 26',
      'group_count 2 vs hand SQL 3',
    ]);

    const cheapTop = answer();
    cheapTop.series[0] = { key: 'S3', costs: [3, 0], total: 3 };
    cheapTop.series[1] = { key: OTHERS_KEY, costs: [10, 13], total: 23 };
    expect(answerMismatches(cheapTop, cells)).toEqual([
      'group EC2 (22) was left in Others but costs more than a top group',
    ]);
  });

  it('writes the ClickHouse hand SQL with the scope and range as escaped literals', () => {
    const cases = explorerCases('2026-10-31');
    const sql = cases[2]?.clickHouseSql({ clientId: "c'1", projectId: 'p\\2' }) ?? '';
    expect(sql).toContain("WHERE client_id = 'c\\'1' AND project_id = 'p\\\\2'");
    expect(sql).toContain("line_item_usage_start_date >= toDateTime('2026-08-03 00:00:00', 'UTC')");
    expect(sql).toContain("line_item_usage_start_date < toDateTime('2026-11-01 00:00:00', 'UTC')");
    expect(sql).toContain("indexOf(resource_tags_keys, 'user_team')");
    expect(sql).toContain("indexOf(resource_tags_keys, 'user_env')) != 'dev'");
    expect(cases[4]?.clickHouseSql({ clientId: 'c', projectId: 'p' })).toContain(
      "formatDateTime(toStartOfHour(line_item_usage_start_date), '%Y-%m-%dT%H:00:00Z') AS period",
    );
    expect(clickHouseString("it's \\ fine")).toBe("'it\\'s \\\\ fine'");
  });

  it('checks the top N + Others hand SQL: its series per period, and no group the answer lacks', () => {
    const top = [
      { period: '2026-10-01', grp: 'EC2', cost: 10 },
      { period: '2026-10-02', grp: 'EC2', cost: 12 },
      { period: '2026-10-01', grp: OTHERS_KEY, cost: 3 },
      { period: '2026-10-02', grp: OTHERS_KEY, cost: 1 },
    ];
    expect(topMismatches(answer(), top)).toEqual([]);
    expect(
      topMismatches(answer(), [...top.slice(0, 3), { period: '2026-10-02', grp: 'S3', cost: 1 }]),
    ).toEqual([
      `top N: ${OTHERS_KEY} 2026-10-02: 1 vs hand SQL 0`,
      'top N: hand SQL group S3 is not in the answer',
    ]);
    const sql = explorerCases('2026-10-31')[0]?.handTopSql ?? '';
    expect(sql).toContain('WITH cells AS MATERIALIZED');
    expect(sql).toContain(`ELSE '${OTHERS_KEY}' END AS grp`);
    expect(sql).toContain('LIMIT 10');
  });

  it('mixes the daily and hourly questions, windows ending a day earlier each round, never one twice', () => {
    const one = questionMix('2026-10-31', 7, 1);
    expect(one.map((q) => [q.case.name, q.shift, q.case.query.end_date])).toEqual([
      ['services-30d-daily', 1, '2026-10-30'],
      ['team-tag-90d-exclude', 1, '2026-10-30'],
      ['resources-90d', 1, '2026-10-30'],
      ['services-3d-hourly', 1, '2026-10-30'],
      ['usage-type-contains-30d', 1, '2026-10-30'],
      ['services-30d-daily-account', 1, '2026-10-30'],
      ['services-30d-daily', 2, '2026-10-29'],
    ]);
    // The hand SQL asks the same window as the question.
    expect(one[6]?.case.query.start_date).toBe('2026-09-30');
    expect(one[6]?.case.handValues).toEqual(['2026-09-30', '2026-10-30']);
    const four = questionMix('2026-10-31', 12, shiftAfter(one));
    expect(four[0]?.shift).toBe(3);
    const asked = [...one, ...four].map((q) => JSON.stringify(q.case.query));
    expect(new Set(asked).size).toBe(19);
  });
});
