import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { renderElement } from '../test/render-with-providers';
import { buildChartOption, Chart } from './Chart';

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
