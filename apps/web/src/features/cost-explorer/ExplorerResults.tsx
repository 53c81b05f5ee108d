import type { DimensionDailyCostResult } from '@finlens/contracts/cost-explorer';
import { type CostSeries, OTHERS_KEY } from '@finlens/contracts/cost-query';
import type { GridSettings } from '@finlens/contracts/reports';
import { formatMoney } from '@finlens/cost-model/format';
import { periodLabel } from '@finlens/cost-model/period-label';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type {
  ColDef,
  ICellRendererComp,
  ICellRendererParams,
  ValueFormatterParams,
  ValueGetterParams,
} from 'ag-grid-community';
import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { ComponentErrorBoundary } from '../../app/ErrorBoundaries';
import { Chart, type ChartHandle, type ChartKind } from '../../components/Chart';
import { createHeaderText, DataGrid, liveHeader } from '../../components/DataGrid';
import { DEMO_BLUR_SX } from '../../components/demo-mode';
import { useAfterPaint } from './after-paint';
import { GridColumnsMenu } from './GridColumnsMenu';
import { gridSettingsOf, withGridSettings } from './grid-view';
import {
  chartActualTotal,
  type GridRow,
  periodKind,
  seriesLabel,
  toChartData,
  toGridRows,
  windowCount,
} from './transforms';

/** An answer as shown: with the label of the group-by it answers and whether demo mode blurs its values. */
export interface ShownAnswer {
  result: DimensionDailyCostResult;
  groupLabel: string;
  blurValues: boolean;
}

interface ExplorerResultsProps {
  answer: ShownAnswer;
  chart: ChartKind;
  window: number;
  onWindowChange: (window: number) => void;
  grid: GridSettings;
  onGridChange: (grid: GridSettings) => void;
}

/** Spec §4 demo mode: account and resource names become 'Hidden 1', 'Hidden 2', … in the chart. */
function demoName(series: CostSeries, index: number): string {
  return series.key === null || series.key === OTHERS_KEY ? seriesLabel(series) : `Hidden ${index + 1}`;
}

/**
 * The answer: total, chart (one window of periods at a time) and grid of every period. Memoised: it renders only
 * when its answer or view settings change (not on every render of the page, e.g. a click that starts a question),
 * and then updates the chart and the grid in place.
 */
export const ExplorerResults = memo(function ExplorerResults({
  answer,
  chart,
  window,
  onWindowChange,
  grid,
  onGridChange,
}: ExplorerResultsProps) {
  const { result, groupLabel, blurValues } = answer;
  const chartRef = useRef<ChartHandle>(null);
  const money = useCallback((value: number) => formatMoney(value, result.currency), [result.currency]);
  const windows = windowCount(result);
  const page = Math.min(window, windows - 1);
  const data = useMemo(
    () => toChartData(result, page, blurValues ? demoName : seriesLabel),
    [result, page, blurValues],
  );
  const hasForecast = result.forecast.some(Boolean);
  const fellBack = result.granularity_used !== result.granularity_requested;

  return (
    <Stack spacing={2}>
      {fellBack ? (
        <Alert severity="info">
          Shown by {result.granularity_used}: the range does not cover whole {result.granularity_requested}s.
        </Alert>
      ) : null}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="p" aria-label="Total cost">
            Total {money(result.total)}
          </Typography>
          {result.forecast_total > 0 ? (
            <Typography variant="subtitle1" component="p" color="text.secondary" aria-label="Forecast cost">
              Forecast {money(result.forecast_total)}
            </Typography>
          ) : null}
          <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
            {result.group_count} {result.group_count === 1 ? 'group' : 'groups'}
            {result.as_of === null ? ' · no billing data in scope' : ` · data through ${result.as_of}`}
            {hasForecast ? ' · Total is actual spend; hatched periods hold a forecast' : ''}
          </Typography>
          {windows > 1 ? (
            <Stack direction="row" sx={{ alignItems: 'center' }} role="group" aria-label="Chart window">
              <IconButton
                aria-label="Older periods"
                disabled={page >= windows - 1}
                onClick={() => onWindowChange(page + 1)}
              >
                <ChevronLeft />
              </IconButton>
              <Typography variant="body2">
                {windows - page} / {windows}
              </Typography>
              <IconButton
                aria-label="Newer periods"
                disabled={page === 0}
                onClick={() => onWindowChange(page - 1)}
              >
                <ChevronRight />
              </IconButton>
            </Stack>
          ) : null}
          <Button
            size="small"
            startIcon={<ImageOutlined />}
            onClick={() => chartRef.current?.exportPng('explorer')}
          >
            Export PNG
          </Button>
        </Stack>
        <ComponentErrorBoundary>
          <Chart
            ref={chartRef}
            kind={chart}
            label={`Cost by ${groupLabel}: ${money(chartActualTotal(result, page))} actual over the ${data.categories.length} periods shown`}
            formatValue={money}
            {...data}
          />
        </ComponentErrorBoundary>
      </Paper>
      <ComponentErrorBoundary>
        <AnswerGrid answer={answer} grid={grid} onGridChange={onGridChange} />
      </ComponentErrorBoundary>
    </Stack>
  );
});

/**
 * The answer's grid of every period. It takes a new answer one painted frame after the chart (useAfterPaint), in a
 * render of this grid alone: the chart's drawing and the grid's new rows are two frames, neither a long task.
 */
const AnswerGrid = memo(function AnswerGrid({
  answer,
  grid,
  onGridChange,
}: Pick<ExplorerResultsProps, 'answer' | 'grid' | 'onGridChange'>) {
  // A new answer is taken in a task after the frame that drew the chart: two shorter frames, not one long one.
  const gridAnswer = useAfterPaint(answer);
  const gridResult = gridAnswer.result;
  // Stable rows and columns: AG Grid redoes its layout whenever they change identity.
  const { rows, totalRow } = useMemo(() => toGridRows(gridResult), [gridResult]);
  const pinned = useMemo(() => (rows.length > 0 ? [totalRow] : []), [rows, totalRow]);
  const currency = gridResult.currency;
  const formatCost = useCallback(
    (params: ValueFormatterParams<GridRow>) => formatMoney(Number(params.value ?? 0), currency),
    [currency],
  );
  // The group column's header names the group-by as a live text, so a group-by change leaves the columns as they
  // are (new definitions would rebuild every column) and redraws that one text, in the commit that updates the rows.
  const [groupText] = useState(() => createHeaderText(gridAnswer.groupLabel));
  useLayoutEffect(() => {
    groupText.set(gridAnswer.groupLabel);
  }, [groupText, gridAnswer.groupLabel]);
  const groupHeader = useMemo(() => liveHeader(groupText), [groupText]);
  const columns = useMemo(
    () => withGridSettings(gridColumns(gridResult, groupHeader, gridAnswer.blurValues, formatCost), grid),
    [gridResult, groupHeader, gridAnswer.blurValues, formatCost, grid],
  );
  // The same element until the grid's own inputs change: the chart's commit (a new answer not yet taken) skips it.
  return useMemo(
    () => (
      <DataGrid<GridRow>
        label="Cost table"
        rows={rows}
        columns={columns}
        pinnedBottomRows={pinned}
        getRowId={rowId}
        csvFileName="explorer"
        pageSize={grid.page_size}
        onStateChange={(state) => onGridChange(gridSettingsOf(state, grid))}
        toolbar={
          <GridColumnsMenu
            columns={columns
              .filter((c) => !c.pinned)
              .map((c) => ({ id: c.colId ?? c.field ?? '', label: c.headerName ?? '' }))}
            hidden={grid.hidden_columns}
            onChange={(hidden_columns) => onGridChange({ ...grid, hidden_columns })}
          />
        }
      />
    ),
    [rows, columns, pinned, grid, onGridChange],
  );
});

const rowId = (params: { data: GridRow }) => params.data.id;

/**
 * Every column on one line, so every row has the theme's height and no cell is measured: with auto-height cells
 * AG Grid measured each new cell in the commit that drew an answer, then synced its scrollbars and the grid's
 * height to the new row heights, three forced layouts per click. Money is never wrapped mid-value anyway.
 */
const ONE_LINE = { wrapText: false, autoHeight: false } as const satisfies ColDef<GridRow>;

const MONEY_COLUMN = {
  type: 'numericColumn',
  filter: 'agNumberColumnFilter',
  ...ONE_LINE,
} as const satisfies ColDef<GridRow>;

/** Wide enough for most labels on their one line (e.g. 'Amazon Managed Streaming for Apache Kafka'). */
const LABEL_WIDTH = 320;

/** What a period's column header adds to its label. */
const PERIOD_NOTE = { actual: '', partly: ' (to date + forecast)', forecast: ' (forecast)' } as const;

const FORECAST_CELL = { fontStyle: 'italic', opacity: 0.75 };

/** A period column's value: the row's cost in the period its column stands for. */
const periodCost = (params: ValueGetterParams<GridRow>) => params.data?.costs[params.colDef.colId ?? ''] ?? 0;

/**
 * The group's label, cut with an ellipsis when wider than its column, whole in its title (and the CSV export).
 * Plain DOM, changed in place when the row's label changes.
 */
class LabelCell implements ICellRendererComp<GridRow> {
  private readonly text = document.createElement('span');

  init(params: ICellRendererParams<GridRow>): void {
    this.refresh(params);
  }

  getGui(): HTMLElement {
    return this.text;
  }

  refresh(params: ICellRendererParams<GridRow>): boolean {
    const label = String(params.value ?? '');
    this.text.textContent = label;
    this.text.title = label;
    return true;
  }
}

/** The group's label blurred (spec §4 demo mode; no title, which would show it), the total row's left readable. */
function BlurredLabel({ value, data }: { value: string; data?: GridRow }) {
  return data?.isTotal === true ? (
    value
  ) : (
    <Box component="span" sx={DEMO_BLUR_SX}>
      {value}
    </Box>
  );
}

/**
 * The grid's columns. Every function and style in them is shared (module-level, or per currency), so a column
 * whose period, header and kind are the same in the next answer is an equal definition: the grid keeps it and
 * its cells as they are (DataGrid keeps equal columns as the same objects).
 */
function gridColumns(
  result: DimensionDailyCostResult,
  groupHeader: ReturnType<typeof liveHeader>,
  blur: boolean,
  formatCost: (params: ValueFormatterParams<GridRow>) => string,
): ColDef<GridRow>[] {
  const periods = result.periods.map(
    (period, i): ColDef<GridRow> => ({
      colId: period,
      headerName: `${periodLabel(period, result.granularity_used)}${PERIOD_NOTE[periodKind(result, i)]}`,
      valueGetter: periodCost,
      valueFormatter: formatCost,
      ...MONEY_COLUMN,
      cellStyle: result.forecast[i] ? FORECAST_CELL : undefined,
    }),
  );
  const forecastColumn: ColDef<GridRow>[] = result.forecast.some(Boolean)
    ? [{ field: 'forecast', headerName: 'Forecast', valueFormatter: formatCost, ...MONEY_COLUMN }]
    : [];
  return [
    {
      field: 'label',
      ...groupHeader,
      pinned: 'left',
      width: LABEL_WIDTH,
      minWidth: 200,
      ...ONE_LINE,
      cellRenderer: blur ? BlurredLabel : LabelCell,
    },
    { field: 'total', headerName: 'Total', valueFormatter: formatCost, ...MONEY_COLUMN },
    ...forecastColumn,
    ...periods,
  ];
}
