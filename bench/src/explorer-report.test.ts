import { describe, expect, it } from 'vitest';
import {
  answeredFrom,
  type ExplorerRun,
  explorerReadmeTable,
  loadAverage,
  mergeRuns,
  README_END,
  README_START,
  replaceReadmeSection,
  withEngine,
} from './explorer-report';

const summary = (p50Ms: number, p95Ms: number) => ({ runs: 20, p50Ms, p95Ms, maxMs: p95Ms });
const run = (rows: number, date: string, engine: ExplorerRun['engine'] = 'duckdb'): ExplorerRun => ({
  engine,
  date,
  rows,
  warmup: 2,
  loadAverage: { before: loadAverage([1.25, 2, 3]), after: loadAverage([4, 5, 6]) },
  queries: [
    {
      name: 'services-30d-daily',
      description: '30 days, daily, by service',
      source: 'rollup',
      groups: 40,
      total: 123.45,
      finlens: summary(4.25, 1234.4),
      handSql: summary(20, 40),
      ratio: 4.25 / 20,
    },
  ],
});

describe('explorer bench report', () => {
  it('keeps one run per engine and size, smallest first, DuckDB before ClickHouse', () => {
    const merged = mergeRuns(
      [run(1_000, 'old'), run(1_000, 'ch', 'clickhouse'), run(10, 'a')],
      run(1_000, 'new'),
    );
    expect(merged.map((r) => [r.rows, r.engine, r.date])).toEqual([
      [10, 'duckdb', 'a'],
      [1_000, 'duckdb', 'new'],
      [1_000, 'clickhouse', 'ch'],
    ]);
    expect(mergeRuns(merged, run(1_000, 'ch2', 'clickhouse')).map((r) => r.date)).toEqual([
      'a',
      'new',
      'ch2',
    ]);
  });

  it('reads a run written before engines were recorded as DuckDB', () => {
    const { engine: _, ...old } = run(10, 'a', 'clickhouse');
    expect(withEngine(old).engine).toBe('duckdb');
    expect(withEngine(run(10, 'a', 'clickhouse')).engine).toBe('clickhouse');
  });

  it('renders both engines in the README table, each with its load average', () => {
    const clickHouse = {
      ...run(1_000_000, '2026-11-22T07:30:00.000Z', 'clickhouse'),
      server: 'ClickHouse 18.16.1',
    };
    clickHouse.loadAverage = { before: loadAverage([12, 10, 9]), after: loadAverage([1, 1, 1]) };
    expect(explorerReadmeTable([run(1_000_000, '2026-11-22T07:00:00.000Z'), clickHouse], 2)).toBe(
      [
        '| engine | line items | query | answered from | p50 ms | p95 ms | hand SQL p50 ms | hand SQL p95 ms | p50 ÷ hand SQL |',
        '| ------ | ---------- | ----- | ------------- | ------ | ------ | --------------- | --------------- | -------------- |',
        '| DuckDB | 1,000,000 | 30 days, daily, by service | rollup | 4.3 | 1,234 | 20 | 40 | 0.21 |',
        '| ClickHouse | 1,000,000 | 30 days, daily, by service | rollup | 4.3 | 1,234 | 20 | 40 | 0.21 |',
        '',
        "- DuckDB, 1,000,000 line items: 2026-11-22 07:00 UTC, 20 timed runs per query after 2 warm-up runs; load average (1 / 5 / 15 min) 1.3 / 2.0 / 3.0 before, 4.0 / 5.0 / 6.0 after — under load (above the 2 cores): not a quiet machine's figures.",
        "- ClickHouse 18.16.1, 1,000,000 line items: 2026-11-22 07:30 UTC, 20 timed runs per query after 2 warm-up runs; load average (1 / 5 / 15 min) 12.0 / 10.0 / 9.0 before, 1.0 / 1.0 / 1.0 after — under load (above the 2 cores): not a quiet machine's figures.",
      ].join('\n'),
    );
    const quiet = {
      ...clickHouse,
      loadAverage: { before: loadAverage([0.5, 1, 1]), after: loadAverage([2, 1, 1]) },
    };
    expect(explorerReadmeTable([quiet], 2)).toContain('2.0 / 1.0 / 1.0 after.');
  });

  it("names what each statement read in the answered-from column, and an older run's planner source", () => {
    const reads = [
      { statement: 'ranking', table: 'cost_rollup_weekly_resources', days: 'full weeks' },
      { statement: 'ranking', table: 'line_items', days: 'edge days' },
      { statement: 'top cells', table: 'line_items' },
      { statement: 'period totals', table: 'cost_rollup_daily_scope' },
    ];
    expect(answeredFrom({ source: 'line_items', reads })).toBe(
      'cost_rollup_weekly_resources (ranking over full weeks) + line_items (ranking over edge days, top cells) + cost_rollup_daily_scope (period totals)',
    );
    const overflow = ['cells', 'ranking', 'series'].map((statement) => ({ statement, table: 'line_items' }));
    expect(answeredFrom({ source: 'line_items', reads: overflow })).toBe(
      'line_items (cells, ranking, series)',
    );
    const withReads = run(1_000, '2026-11-27T16:00:00.000Z');
    withReads.queries = withReads.queries.map((q) => ({
      ...q,
      reads: [{ statement: 'cells', table: 'cost_rollup_daily' }],
    }));
    expect(
      explorerReadmeTable([withReads, run(2_000, 'old')], 2)
        .split('\n')
        .slice(2, 4),
    ).toEqual([
      '| DuckDB | 1,000 | 30 days, daily, by service | cost_rollup_daily (cells) | 4.3 | 1,234 | 20 | 40 | 0.21 |',
      '| DuckDB | 2,000 | 30 days, daily, by service | rollup | 4.3 | 1,234 | 20 | 40 | 0.21 |',
    ]);
  });

  it('replaces only the text between the markers', () => {
    const readme = `# A\n\n${README_START}\nold\n${README_END}\n\n## B\n`;
    expect(replaceReadmeSection(readme, 'new')).toBe(`# A\n\n${README_START}\nnew\n${README_END}\n\n## B\n`);
    expect(() => replaceReadmeSection('# A\n', 'new')).toThrow(/explorer-bench:start/);
  });
});
