import { describe, expect, it } from 'vitest';
import {
  type ExplorerRun,
  explorerReadmeTable,
  loadAverage,
  mergeRuns,
  README_END,
  README_START,
  replaceReadmeSection,
} from './explorer-report';

const summary = (p50Ms: number, p95Ms: number) => ({ runs: 20, p50Ms, p95Ms, maxMs: p95Ms });
const run = (rows: number, date: string): ExplorerRun => ({
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
  it('keeps one run per size, smallest first', () => {
    const merged = mergeRuns([run(1_000, 'old'), run(10, 'a')], run(1_000, 'new'));
    expect(merged.map((r) => [r.rows, r.date])).toEqual([
      [10, 'a'],
      [1_000, 'new'],
    ]);
  });

  it('renders the README table with the load average of each size', () => {
    expect(explorerReadmeTable([run(1_000_000, '2026-11-22T07:00:00.000Z')])).toBe(
      [
        '| line items | query | answered from | p50 ms | p95 ms | hand SQL p50 ms | hand SQL p95 ms | p50 ÷ hand SQL |',
        '| ---------- | ----- | ------------- | ------ | ------ | --------------- | --------------- | -------------- |',
        '| 1,000,000 | 30 days, daily, by service | rollup | 4.3 | 1,234 | 20 | 40 | 0.21 |',
        '',
        '- 1,000,000 line items: 2026-11-22 07:00 UTC, 20 timed runs per query after 2 warm-up runs; load average (1 / 5 / 15 min) 1.3 / 2.0 / 3.0 before, 4.0 / 5.0 / 6.0 after.',
      ].join('\n'),
    );
  });

  it('replaces only the text between the markers', () => {
    const readme = `# A\n\n${README_START}\nold\n${README_END}\n\n## B\n`;
    expect(replaceReadmeSection(readme, 'new')).toBe(`# A\n\n${README_START}\nnew\n${README_END}\n\n## B\n`);
    expect(() => replaceReadmeSection('# A\n', 'new')).toThrow(/explorer-bench:start/);
  });
});
