import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import type {
  GridComponentOption,
  LegendComponentOption,
  MarkAreaComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { forwardRef, useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef } from 'react';

/** ECharts itself is a lazy chunk (chart-engine.ts): the screen paints first, its charts a moment later. */
const loadEngine = () => import('./chart-engine');
/** Starts fetching the chart engine before a chart mounts (a page that knows it will draw one, beside its query). */
export function preloadChartEngine(): void {
  void loadEngine();
}
type Init = Awaited<ReturnType<typeof loadEngine>>['init'];

type ChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | MarkAreaComponentOption
  | TooltipComponentOption
>;

export const CHART_KINDS = ['bar', 'line', 'area'] as const;
export type ChartKind = (typeof CHART_KINDS)[number];
/**
 * What a chart may draw: a kind the Explorer offers, or 'grouped' — the series' bars side by side in each category,
 * for figures that are not parts of a whole (a cost and its on-demand equivalent). Stacked they would read as a
 * sum; drawn in front of each other at one place, the smaller hid the other wherever it was the larger.
 */
type ChartDrawing = ChartKind | 'grouped';

interface ChartSeries {
  name: string;
  /** One value per category, same order. */
  values: number[];
  /**
   * A reference drawn on the data (a commitment, a threshold): a dashed line under the other series, so a curve
   * that runs along it stays visible. Line charts only.
   */
  reference?: boolean;
}

export interface ChartData {
  /** Axis labels, one per period. */
  categories: string[];
  series: ChartSeries[];
  /** Per category: true when it is a forecast (drawn hatched and lighter, under a 'Forecast' band). */
  forecast?: boolean[];
}

/** Spec §9 "Canvas export scale 3 at 1200x600". */
const EXPORT_SIZE = { width: 1200, height: 600, pixelRatio: 3 } as const;

const FORECAST_DECAL = { symbol: 'rect', dashArrayX: [1, 0], dashArrayY: [3, 5], rotation: -Math.PI / 4 };

/**
 * Bars drawn as one shape per series (ECharts' large mode) rather than one per bar: the SVG renderer then builds and
 * patches a path per series on each new answer instead of hundreds (the Explorer's 11 groups over 30 days: 11 paths,
 * not 330), the largest part of a chart's update. The bars look the same; a single bar is no longer highlighted
 * under the pointer (the tooltip still names every series at that period). Not with a forecast period: its bars
 * have their own style (hatched, lighter), which large mode cannot draw.
 */
const ONE_SHAPE_PER_SERIES = { large: true, largeThreshold: 1 } as const;

/**
 * The ECharts option of a stacked bar, line, stacked area or grouped bar chart. Pure, so the chart's content is testable
 * without drawing.
 */
export function buildChartOption(
  data: ChartData,
  kind: ChartDrawing,
  formatValue: (value: number) => string = String,
): ChartOption {
  const forecast = data.forecast ?? [];
  const first = forecast.indexOf(true);
  const last = forecast.lastIndexOf(true);
  const markArea: MarkAreaComponentOption | undefined =
    first < 0
      ? undefined
      : {
          silent: true,
          itemStyle: { color: 'rgba(128,128,128,0.12)' },
          label: { show: true, position: 'insideTop' },
          data: [[{ name: 'Forecast', xAxis: data.categories[first] }, { xAxis: data.categories[last] }]],
        };
  const series = data.series.map((s, index): BarSeriesOption | LineSeriesOption => {
    const values = s.values.map((value, i) =>
      forecast[i] ? { value, itemStyle: { opacity: 0.5, decal: FORECAST_DECAL } } : value,
    );
    // Named by place: the next data's first series updates the drawn first series (its bars moved, not redrawn).
    const base = {
      id: String(index),
      name: s.name,
      data: values,
      ...(index === 0 && markArea ? { markArea } : {}),
    };
    const bars = { type: 'bar', barMaxWidth: 48, ...(first < 0 ? ONE_SHAPE_PER_SERIES : {}) } as const;
    if (kind === 'bar') return { ...base, ...bars, stack: 'total' };
    if (kind === 'grouped') return { ...base, ...bars };
    return {
      ...base,
      type: 'line',
      showSymbol: data.categories.length <= 40,
      ...(s.reference ? { z: 1, lineStyle: { type: 'dashed' }, showSymbol: false } : {}),
      ...(kind === 'area' ? { stack: 'total', areaStyle: { opacity: 0.6 } } : {}),
    };
  });
  return {
    backgroundColor: 'transparent',
    aria: { enabled: true, decal: { show: false } },
    animation: false,
    // In the chart's own box (positioned): ECharts otherwise reads the box's computed style on every update.
    tooltip: {
      trigger: 'axis',
      appendTo: (box: HTMLElement) => box,
      valueFormatter: (value) => formatValue(Number(value)),
    },
    legend: { type: 'scroll', bottom: 0 },
    grid: { left: 8, right: 16, top: 24, bottom: 40, containLabel: true },
    xAxis: { type: 'category', data: data.categories, boundaryGap: kind === 'bar' || kind === 'grouped' },
    yAxis: { type: 'value', axisLabel: { formatter: (value: number) => formatValue(value) } },
    series,
  } as ChartOption;
}

/**
 * Draws `option` off screen at 1200x600 with the SVG renderer and rasterises it onto a canvas at pixel ratio 3:
 * a PNG data URL. One renderer for the screen and the export keeps ECharts' canvas renderer out of the bundle.
 */
async function renderChartPng(init: Init, option: ChartOption, dark: boolean): Promise<string> {
  const host = document.createElement('div');
  host.style.cssText = `position:fixed;left:-10000px;width:${EXPORT_SIZE.width}px;height:${EXPORT_SIZE.height}px`;
  document.body.append(host);
  const chart = init(host, dark ? 'dark' : undefined, {
    renderer: 'svg',
    width: EXPORT_SIZE.width,
    height: EXPORT_SIZE.height,
  });
  let svg: string;
  try {
    chart.setOption(option);
    svg = chart.renderToSVGString();
  } finally {
    chart.dispose();
    host.remove();
  }
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = EXPORT_SIZE.width * EXPORT_SIZE.pixelRatio;
  canvas.height = EXPORT_SIZE.height * EXPORT_SIZE.pixelRatio;
  const context = canvas.getContext('2d');
  if (context === null) throw new Error('no 2D canvas context for the PNG export');
  context.fillStyle = dark ? '#121212' : '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/png');
}

/**
 * How a drawn chart takes a new option: merged, the series matched by place and updated (a series gone is
 * removed), while the kind of chart and whether a forecast band is drawn stay; otherwise replaced, so nothing of
 * the previous kind (a stack, an area, the band) stays behind. Either way drawn at the next animation frame
 * (`lazyUpdate`), before that frame is painted: the page's commit (React's DOM changes, the grid's rows) and the
 * chart's drawing are two tasks, not one long one.
 */
const UPDATE_IN_PLACE = { replaceMerge: ['series'], lazyUpdate: true };
const REPLACE = { notMerge: true, lazyUpdate: true };

/** What an option must share with the drawn one to be merged into it (see UPDATE_IN_PLACE). */
function shapeOf(option: ChartOption): string {
  const series = (option.series ?? []) as (BarSeriesOption | LineSeriesOption)[];
  const first = series[0] as
    | { type?: string; stack?: string; barGap?: string; areaStyle?: unknown; markArea?: unknown }
    | undefined;
  return [
    first?.type,
    first?.stack,
    first?.barGap,
    first?.areaStyle !== undefined,
    first?.markArea !== undefined,
  ].join();
}

export interface ChartHandle {
  /** Downloads the chart as `<fileName>.png` (1200x600 at scale 3). */
  exportPng: (fileName: string) => void;
}

interface ChartProps extends ChartData {
  kind: ChartDrawing;
  /** Accessible name of the chart. */
  label: string;
  height?: number;
  formatValue?: (value: number) => string;
}

/**
 * ECharts in React: theme-aware (light/dark from the MUI theme), resized with its box, SVG on screen and a
 * PNG export (the SVG rasterised) through the ref (`ChartHandle`).
 */
export const Chart = forwardRef<ChartHandle, ChartProps>(function Chart(
  { kind, label, height = 360, formatValue, categories, series, forecast },
  ref,
) {
  const box = useRef<HTMLDivElement>(null);
  const dark = useTheme().palette.mode === 'dark';
  const option = useMemo(
    () => buildChartOption({ categories, series, forecast }, kind, formatValue),
    [categories, series, forecast, kind, formatValue],
  );
  const optionRef = useRef(option);
  optionRef.current = option;
  const chartRef = useRef<ReturnType<Init> | null>(null);
  /** The shape of the option the chart last drew (see shapeOf). */
  const drawnShape = useRef('');

  useEffect(() => {
    const element = box.current;
    if (element === null) return;
    let cleanUp = () => {};
    let disposed = false;
    void loadEngine().then(({ init }) => {
      if (disposed) return;
      const chart = init(element, dark ? 'dark' : undefined, { renderer: 'svg' });
      chartRef.current = chart;
      chart.setOption(optionRef.current, REPLACE);
      drawnShape.current = shapeOf(optionRef.current);
      const observer =
        typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => chart.resize());
      observer?.observe(element);
      cleanUp = () => {
        observer?.disconnect();
        chart.dispose();
        chartRef.current = null;
      };
    });
    return () => {
      disposed = true;
      cleanUp();
    };
  }, [dark]);

  // The same chart takes the next option in place: axes, legend and tooltip are merged, only the series replaced
  // (`notMerge` would rebuild every component of the chart on each answer). Taken in the commit that sets the label
  // and drawn before the next paint, so the drawn series and the label always come from the same data.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new chart (theme change) needs the option again.
  useLayoutEffect(() => {
    const chart = chartRef.current;
    if (chart === null) return;
    const shape = shapeOf(option);
    chart.setOption(option, shape === drawnShape.current ? UPDATE_IN_PLACE : REPLACE);
    drawnShape.current = shape;
  }, [option, dark]);

  useImperativeHandle(ref, () => ({
    exportPng: (fileName) => {
      void loadEngine().then(async ({ init }) => {
        const link = document.createElement('a');
        link.href = await renderChartPng(init, optionRef.current, dark);
        link.download = `${fileName}.png`;
        link.click();
      });
    },
  }));

  return <Box ref={box} role="img" aria-label={label} sx={{ position: 'relative', width: '100%', height }} />;
});
