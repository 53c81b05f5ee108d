import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkAreaComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers';

// ECharts with only what Chart.tsx draws: bar and line series, their grid, legend, tooltip and forecast band; SVG
// on screen, canvas for the PNG export. Loaded on a chart's first use, so a screen paints before its charts do.
use([
  BarChart,
  LineChart,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  TooltipComponent,
  CanvasRenderer,
  SVGRenderer,
]);

/** @public Used through the dynamic import in Chart.tsx. */
export { init };
