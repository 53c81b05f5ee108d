import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkAreaComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

// ECharts with only what Chart.tsx draws: bar and line series, their grid, legend, tooltip and forecast band, and
// the SVG renderer (on screen, and for the PNG export the browser rasterises). Every chart of the app draws through
// this one registration, loaded on a chart's first use, so a screen paints before its charts do.
use([BarChart, LineChart, GridComponent, LegendComponent, MarkAreaComponent, TooltipComponent, SVGRenderer]);

/** @public Used through the dynamic import in Chart.tsx. */
export { init };
