import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { expect, it, vi } from 'vitest';
import { renderElement } from '../test/render-with-providers';
import { buildChartOption, Chart, type ChartData } from './Chart';
import { init } from './chart-engine';

// The real engine, its charts watched: which instance draws and how each option is set.
vi.mock('./chart-engine', async (importOriginal) => {
  const real = await importOriginal<typeof import('./chart-engine')>();
  return { init: vi.fn(real.init) };
});

const data = {
  categories: ['2026-01-01', '2026-01-02', '2026-01-03'],
  series: [
    { name: 'EC2', values: [1, 2, 3] },
    { name: 'S3', values: [4, 5, 6] },
  ],
  forecast: [false, false, true],
};

type SeriesList = {
  type: string;
  stack?: string;
  areaStyle?: unknown;
  data: unknown[];
  markArea?: unknown;
}[];

it('stacks bars and marks forecast periods hatched and lighter under a Forecast band', () => {
  const series = buildChartOption(data, 'bar').series as SeriesList;
  expect(series.map((s) => [s.type, s.stack])).toEqual([
    ['bar', 'total'],
    ['bar', 'total'],
  ]);
  expect(series[0]?.data.slice(0, 2)).toEqual([1, 2]);
  expect(series[0]?.data[2]).toMatchObject({
    value: 3,
    itemStyle: { opacity: 0.5, decal: { symbol: 'rect' } },
  });
  expect(JSON.stringify(series[0]?.markArea)).toContain('"name":"Forecast","xAxis":"2026-01-03"');
  expect(series[1]?.markArea).toBeUndefined();
});

it('draws lines unstacked and areas stacked, without a forecast band when nothing is forecast', () => {
  const plain = { ...data, forecast: [false, false, false] };
  const lines = buildChartOption(plain, 'line').series as SeriesList;
  expect(lines.every((s) => s.type === 'line' && s.stack === undefined && s.markArea === undefined)).toBe(
    true,
  );
  const areas = buildChartOption(plain, 'area').series as SeriesList;
  expect(areas.every((s) => s.type === 'line' && s.stack === 'total' && s.areaStyle !== undefined)).toBe(
    true,
  );
});

it('draws figures that are not parts of a whole as bars side by side, neither stacked nor hiding each other', () => {
  // The effective cost above the on-demand figure (unused commitment): both bars must show.
  const pair = {
    categories: ['web', 'api'],
    series: [
      { name: 'On-demand equivalent', values: [10, 8] },
      { name: 'Effective', values: [6, 9] },
    ],
  };
  const bars = buildChartOption(pair, 'grouped').series as (SeriesList[number] & {
    barGap?: string;
  })[];
  // No negative gap: each series has its own place in the category, so none is drawn over another.
  expect(bars.map((s) => [s.type, s.stack, s.barGap])).toEqual([
    ['bar', undefined, undefined],
    ['bar', undefined, undefined],
  ]);
  // The values as given, not their sum.
  expect(bars.map((s) => s.data)).toEqual([
    [10, 8],
    [6, 9],
  ]);
});

it('draws a reference series dashed and under the others, so a curve running along it stays visible', () => {
  const commitment = {
    categories: ['00', '01'],
    series: [
      { name: 'On demand', values: [55.5, 55.5] },
      { name: 'Commitment', values: [56, 56], reference: true },
    ],
  };
  const [curve, reference] = buildChartOption(commitment, 'line').series as (SeriesList[number] & {
    z?: number;
    lineStyle?: { type?: string };
  })[];
  expect(curve?.z).toBeUndefined();
  expect(curve?.lineStyle).toBeUndefined();
  // ECharts draws a series of lower z first: 1 is under the default 2.
  expect(reference).toMatchObject({ type: 'line', z: 1, lineStyle: { type: 'dashed' }, data: [56, 56] });
});

/** The SVG elements filled with the first series' colour when `data` is drawn as `kind` at 600x300. */
function firstSeriesShapes(data: ChartData, kind: 'bar' | 'grouped'): number {
  const chart = init(null, undefined, { renderer: 'svg', ssr: true, width: 600, height: 300 });
  try {
    chart.setOption(buildChartOption(data, kind));
    const color = String(chart.getVisual({ seriesIndex: 0 }, 'color'));
    return chart.renderToSVGString().split(`fill="${color}"`).length - 1;
  } finally {
    chart.dispose();
  }
}

it('draws each series of bars as one shape, however many periods, unless a period is a forecast', () => {
  const days = (count: number, forecastLast: boolean): ChartData => ({
    categories: Array.from({ length: count }, (_, i) => `2026-01-${String(i + 1).padStart(2, '0')}`),
    series: [
      { name: 'EC2', values: Array.from({ length: count }, (_, i) => i + 1) },
      { name: 'S3', values: Array.from({ length: count }, () => 2) },
    ],
    forecast: Array.from({ length: count }, (_, i) => forecastLast && i === count - 1),
  });
  for (const kind of ['bar', 'grouped'] as const) {
    // The series' bars and its legend mark: the same two shapes for 3 periods as for 30.
    expect(firstSeriesShapes(days(3, false), kind)).toBe(2);
    expect(firstSeriesShapes(days(30, false), kind)).toBe(2);
  }
  // A forecast period's bar is hatched and lighter: each bar is then a shape of its own.
  expect(firstSeriesShapes(days(30, true), 'bar')).toBeGreaterThanOrEqual(30);
});

it('formats the value axis and tooltip with the given formatter', () => {
  const option = buildChartOption(data, 'bar', (v) => `$${v.toFixed(2)}`);
  const yAxis = option.yAxis as { axisLabel: { formatter: (v: number) => string } };
  expect(yAxis.axisLabel.formatter(3)).toBe('$3.00');
  const tooltip = option.tooltip as { valueFormatter: (v: number) => string };
  expect(tooltip.valueFormatter(1.5)).toBe('$1.50');
});

it('mounts with the SVG renderer under its accessible name', async () => {
  renderElement(<Chart label="Cost per day" kind="bar" {...data} />);
  expect(await screen.findByRole('img', { name: 'Cost per day' })).toBeInTheDocument();
});

it('draws the next data on the same chart in place: series matched by place, axes and legend merged', async () => {
  const next: ChartData = {
    categories: ['2026-02-01', '2026-02-02'],
    series: [{ name: 'RDS', values: [7, 8] }],
    forecast: [false, true],
  };
  function Switching() {
    const [shown, setShown] = useState<ChartData>(data);
    const [kind, setKind] = useState<'bar' | 'line'>('bar');
    return (
      <>
        <button type="button" onClick={() => setShown(next)}>
          Next
        </button>
        <button type="button" onClick={() => setKind('line')}>
          Line
        </button>
        <Chart label="Cost per day" kind={kind} {...shown} />
      </>
    );
  }
  vi.mocked(init).mockClear();
  const { user } = renderElement(<Switching />);
  await screen.findByRole('img', { name: 'Cost per day' });
  await waitFor(() => expect(init).toHaveBeenCalledTimes(1));
  const chart = vi.mocked(init).mock.results[0]?.value as ReturnType<typeof init>;
  const setOption = vi.spyOn(chart, 'setOption');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await waitFor(() => expect(setOption).toHaveBeenCalled());
  expect(init).toHaveBeenCalledTimes(1);
  expect(setOption.mock.calls[0]?.[1]).toEqual({ replaceMerge: ['series'], lazyUpdate: true });
  const drawn = chart.getOption() as {
    series: { id: string; name: string }[];
    xAxis: { data: string[] }[];
  };
  expect(drawn.series.map((s) => [s.id, s.name])).toEqual([['0', 'RDS']]);
  expect(drawn.xAxis[0]?.data).toEqual(next.categories);
  // Another kind of chart (or the forecast band gone) replaces the option: no stack or band of the last is left.
  await user.click(screen.getByRole('button', { name: 'Line' }));
  await waitFor(() => expect(setOption).toHaveBeenCalledTimes(2));
  expect(setOption.mock.calls[1]?.[1]).toEqual({ notMerge: true, lazyUpdate: true });
  const lines = chart.getOption() as { series: { type: string; stack?: string }[] };
  expect(lines.series.map((s) => [s.type, s.stack])).toEqual([['line', undefined]]);
});
