import type { CostDimension, CostFilter } from '@finlens/contracts/cost-query';
import { ERROR_MESSAGES } from '@finlens/contracts/errors';
import type { GridSettings } from '@finlens/contracts/reports';
import { dataDelayNotice, presetRange } from '@finlens/cost-model/range-presets';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  lazy,
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useSearchParams } from 'react-router';
import { BusyBar } from '../../components/BusyBar';
import { preloadChartEngine } from '../../components/Chart';
import { useDemoModeStore } from '../../components/demo-mode';
import { refusalText } from '../../components/form-errors';
import { useCurrentUser } from '../auth/api/current-user-query';
import { REPORT_PARAM } from '../reports/report-view';
import { afterNextPaint } from './after-paint';
import { useCostQuery, usePrefetchCost } from './api/cost-query';
import { dimensionLabel } from './DimensionPicker';
import { ExplorerControls, type ViewChange } from './ExplorerControls';
import type { ShownAnswer } from './ExplorerResults';
import {
  type ExplorerView,
  fitGranularity,
  granularityOptions,
  needsGroupKey,
  viewFromParams,
  viewToParams,
} from './explorer-view';
import { FilterPanel } from './FilterPanel';
import { sameGrid } from './grid-view';
import { SaveReportBar } from './SaveReportBar';
import { DEMO_BLURRED_DIMENSIONS } from './transforms';

// The chart and grid libraries load in their own chunks while the controls are already usable.
const loadResults = () => import('./ExplorerResults').then((module) => ({ default: module.ExplorerResults }));
const ExplorerResults = lazy(loadResults);

/** Placeholder while the first answer (or the chart and grid code) loads. */
function ExplorerResultsSkeleton() {
  return (
    <Stack spacing={2} aria-busy="true" aria-label="Loading costs">
      <Skeleton variant="rounded" height={400} />
      <Skeleton variant="rounded" height={240} />
    </Stack>
  );
}

/**
 * Where the progress bar shows: over the gap above the results, its size fixed and contained, so the bar coming,
 * going and moving lays out nothing else (inserted among the page's stacked children, it restyled the whole page).
 */
const PROGRESS_SX = {
  position: 'absolute',
  top: -10,
  left: 0,
  right: 0,
  height: 4,
  contain: 'strict',
} as const;

/**
 * The results in a compositing layer of their own, so dimming them (a click's first feedback) changes the layer's
 * opacity and repaints none of the chart and grid inside.
 */
const RESULTS_SX = { willChange: 'opacity' } as const;
/** The previous answer while the next one loads and draws. */
const DIMMED_SX = { ...RESULTS_SX, opacity: 0.5 } as const;
const RESULTS_FRAME_SX = { position: 'relative' } as const;
const PAGE_SX = { p: { xs: 1, md: 2 } } as const;
/** The same element on every render: a click's render of the page does not render the heading again. */
const HEADING = (
  <Typography variant="h5" component="h1">
    Explorer
  </Typography>
);

/** Whether demo mode blurs the values of this group-by (spec §4: account and resource values). */
function useBlurValues(dimension: CostDimension | null): boolean {
  const demo = useDemoModeStore((state) => state.on);
  return demo && dimension !== null && DEMO_BLURRED_DIMENSIONS.has(dimension);
}

/**
 * The answer on screen. A settled answer is shown with the group-by it was asked for; while the next one loads the
 * previous one stays with its own label and blur (not those of the group-by just clicked, which it does not answer).
 */
function useShownAnswer(
  cost: ReturnType<typeof useCostQuery>,
  groupLabel: string,
  blurValues: boolean,
): ShownAnswer | null {
  const settled = cost.isPlaceholderData ? undefined : cost.data;
  const current = useMemo(
    () => (settled === undefined ? null : { result: settled, groupLabel, blurValues }),
    [settled, groupLabel, blurValues],
  );
  const [kept, setKept] = useState(current);
  if (current !== null && current !== kept) setKept(current);
  return current ?? kept;
}

/**
 * `value`, kept as the same object while `same` says it means the same, so the memoised parts made from it (the
 * grid's columns, the filter panel) do not render again when a click changes something else.
 */
function useSame<T>(value: T, same: (a: T, b: T) => boolean): T {
  const [kept, setKept] = useState(value);
  if (same(kept, value)) return kept;
  setKept(value);
  return value;
}

const sameList = (a: readonly string[], b: readonly string[]) => a.join() === b.join();
const sameFilters = (a: CostFilter[], b: CostFilter[]) => JSON.stringify(a) === JSON.stringify(b);
const sameView = (a: ExplorerView, b: ExplorerView) => JSON.stringify(a) === JSON.stringify(b);

/** The view's part of the URL (the opened report's id left out: it is not part of the view). */
function viewKeyOf(params: URLSearchParams): string {
  const view = new URLSearchParams(params);
  view.delete(REPORT_PARAM);
  return view.toString();
}

/** A view a click chose, with its URL key and the keys of the views it replaces (see useChosenView). */
interface Chosen {
  view: ExplorerView;
  key: string;
  replaces: ReadonlySet<string>;
}

/**
 * The view a click has just chosen, shown at once (the controls, the question asked, the results dimmed) while the
 * URL follows at transition priority: a navigation renders the whole app, and as a transition that work yields to
 * painting and to the next click, and a newer click's navigation takes its place. The chosen view stands while
 * the URL still holds a view it replaces (the one clicked away from, or an earlier click's on its way); once the
 * URL holds it, or another view (a link), or the user goes Back or Forward, the URL's view is shown.
 */
function useChosenView(urlKey: string) {
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const standing = chosen?.replaces.has(urlKey) ? chosen : null;
  if (chosen !== null && standing === null) setChosen(null);
  // Back may return to a view this one replaces before the URL has caught up: the URL's view then stands.
  useOnPopstate(() => setChosen(null));
  const choose = useCallback(
    (view: ExplorerView, key: string) =>
      setChosen((previous) => {
        const replaces = new Set(previous?.replaces);
        if (previous !== null) replaces.add(previous.key);
        replaces.add(urlKey);
        replaces.delete(key);
        return { view, key, replaces };
      }),
    [urlKey],
  );
  return { chosen: standing?.view ?? null, choose };
}

/** Calls `drop` on Back or Forward (a popstate); `drop` may change between renders, the listener stays. */
function useOnPopstate(drop: () => void): void {
  const latest = useRef(drop);
  latest.current = drop;
  useEffect(() => {
    const onPopstate = () => latest.current();
    window.addEventListener('popstate', onPopstate);
    return () => window.removeEventListener('popstate', onPopstate);
  }, []);
}

/**
 * The view a click has just made, before it is applied: the controls show it and the results dim in the click's own
 * frame, a render of the changed control and the results' frame only. Applying it (the question asked, everything
 * made from the view rendered, the URL written) waits for that frame to be painted, in a task of its own; a newer
 * click in the meantime is applied instead, and Back or Forward drops it.
 */
function useClickedView(apply: (view: ExplorerView) => void) {
  const [clicked, setClicked] = useState<ExplorerView | null>(null);
  const pending = useRef<ExplorerView | null>(null);
  const latestApply = useRef(apply);
  useLayoutEffect(() => {
    latestApply.current = apply;
  });
  useOnPopstate(() => {
    pending.current = null;
    setClicked(null);
  });
  const click = useCallback((view: ExplorerView) => {
    pending.current = view;
    setClicked(view);
    afterNextPaint(() => {
      if (pending.current !== view) return;
      pending.current = null;
      setClicked(null);
      latestApply.current(view);
    });
  }, []);
  return { clicked, click };
}

/** Applies a control change to the view: a new range keeps the granularity only when still allowed. */
function applyChange(view: ExplorerView, change: ViewChange, today: Date): ExplorerView {
  let { range, chart, window } = view;
  const query = { ...view.query };
  if (change.range !== undefined) {
    range = change.range;
    if (range !== null) Object.assign(query, presetRange(range, today));
  }
  if (change.dates) Object.assign(query, change.dates);
  if (change.range !== undefined || change.dates || change.granularity) window = 0;
  if (change.granularity) query.granularity = change.granularity;
  if (change.cost_type) query.cost_type = change.cost_type;
  if (change.dimension !== undefined) query.dimension = change.dimension;
  if (change.dimension_key !== undefined) {
    if (change.dimension_key === null) delete query.dimension_key;
    else query.dimension_key = change.dimension_key;
  }
  if (change.chart) chart = change.chart;
  return { ...view, range, query, chart, window };
}

/** Explorer (/v3/cloud-resource-cost-api/): cost over time by any dimension, every choice held in the URL. */
export function ExplorerPage() {
  const [today] = useState(() => new Date());
  // The chart and grid code is fetched while the first question runs, not after its answer arrives.
  useEffect(() => {
    void loadResults();
    preloadChartEngine();
  }, []);
  const [searchParams, setSearchParams] = useSearchParams();
  // Parsed once per URL, so the grid settings (and the grid's columns made from them) keep their identity.
  const { view: urlView, problem } = useMemo(
    () => viewFromParams(searchParams, today),
    [searchParams, today],
  );
  const urlKey = useMemo(() => viewKeyOf(searchParams), [searchParams]);
  const { chosen, choose } = useChosenView(urlKey);
  const shownView = chosen ?? urlView;
  const internal = useCurrentUser().data?.is_internal_user ?? false;
  // Kept while they are the same, so the granularity field does not render again for another click or an answer.
  const granularities = useSame(
    useMemo(() => granularityOptions(shownView.query, internal, today), [shownView.query, internal, today]),
    sameList,
  );
  // The same object when the URL catches up with the chosen view (nothing made from it renders again).
  const view = useSame(
    useMemo(
      (): ExplorerView => ({
        ...shownView,
        query: {
          ...shownView.query,
          granularity: fitGranularity(shownView.query.granularity, granularities),
        },
      }),
      [shownView, granularities],
    ),
    sameView,
  );
  const { query } = view;
  const keyPending = needsGroupKey(query);
  const cost = useCostQuery(query, !keyPending);
  const blur = useBlurValues(query.dimension);
  const notice = dataDelayNotice(today);
  // A click is shown in its own frame (useClickedView); then the new view is applied at once and the URL follows as
  // a transition (useChosenView). The report the view was opened from stays named, so "Save" can write over it.
  const { clicked, click } = useClickedView((next: ExplorerView) => {
    const params = viewToParams(next);
    choose(next, params.toString());
    setSearchParams((current) => {
      const report = current.get(REPORT_PARAM);
      if (report !== null) params.set(REPORT_PARAM, report);
      return params;
    });
  });
  // What the controls show: the click not yet applied, else the view.
  const controlsView = clicked ?? view;
  const groupLabel =
    query.dimension === null
      ? 'Total'
      : `${dimensionLabel(query.dimension)}${query.dimension_key ? `: ${query.dimension_key}` : ''}`;
  const result = cost.data;
  const empty = result?.series.every((s) => s.costs.every((c) => c === 0));
  // The chart and grid render the answer and the view's chart settings at transition priority: a click paints its
  // feedback (the controls, the previous chart dimmed) first, and a newer click interrupts a rebuild under way.
  const answer = useShownAnswer(cost, groupLabel, blur);
  const grid = useSame(view.grid, sameGrid);
  const shown = useMemo(
    () => (answer === null ? null : { answer, chart: view.chart, window: view.window, grid }),
    [answer, view.chart, view.window, grid],
  );
  const drawn = useDeferredValue(shown);
  const busy = clicked !== null || cost.isPlaceholderData || drawn !== shown;
  // Handlers of the results that stay the same function, so the memoised results do not render for new ones.
  // A change made on top of a click not yet applied keeps that click's change too.
  const latest = useRef({ view: controlsView, update: click });
  useLayoutEffect(() => {
    latest.current = { view: controlsView, update: click };
  });
  const onWindowChange = useCallback(
    (window: number) => latest.current.update({ ...latest.current.view, window }),
    [],
  );
  // The filter panel (MUI Autocompletes) renders only when the filters or the range change, not on every click.
  const filters = useSame(controlsView.query.filters, sameFilters);
  const { start_date, end_date } = query;
  const range = useMemo(() => ({ start_date, end_date }), [start_date, end_date]);
  const onFiltersChange = useCallback((next: CostFilter[]) => {
    const { view: current, update: apply } = latest.current;
    apply({ ...current, query: { ...current.query, filters: next }, window: 0 });
  }, []);
  const onGridChange = useCallback((next: GridSettings) => {
    const { view: current, update: apply } = latest.current;
    if (!sameGrid(next, current.grid)) apply({ ...current, grid: next });
  }, []);
  const onControlsChange = useCallback(
    (change: ViewChange) => {
      const { view: current, update: apply } = latest.current;
      apply(applyChange(current, change, today));
    },
    [today],
  );
  const prefetchCost = usePrefetchCost();
  const onControlsPreview = useCallback(
    (change: ViewChange) => {
      const next = applyChange(latest.current.view, change, today).query;
      if (!needsGroupKey(next)) prefetchCost(next);
    },
    [today, prefetchCost],
  );

  return (
    <Stack spacing={2} sx={PAGE_SX}>
      {HEADING}
      <SaveReportBar view={view} disabled={keyPending} />
      {notice ? <Alert severity="info">{notice.message}</Alert> : null}
      {problem && chosen === null ? (
        <Alert severity="warning">
          The link's {problem.field} was not understood ({problem.message}); showing the default view.
        </Alert>
      ) : null}
      <ExplorerControls
        view={controlsView}
        granularities={granularities}
        onChange={onControlsChange}
        onPreview={onControlsPreview}
      />
      <FilterPanel filters={filters} range={range} onChange={onFiltersChange} />
      {keyPending ? (
        <Alert severity="info">Choose the key to group by.</Alert>
      ) : cost.isError ? (
        <Alert severity="error">{refusalText(cost.error)}</Alert>
      ) : result === undefined ? (
        <ExplorerResultsSkeleton />
      ) : empty === true ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography>{ERROR_MESSAGES.emptyTable}</Typography>
        </Paper>
      ) : (
        <Suspense fallback={<ExplorerResultsSkeleton />}>
          {/* The previous answer stays on screen, dimmed, while the next one loads and draws; then chart and grid update in place. */}
          <Box sx={RESULTS_FRAME_SX}>
            {/* Over the gap above the results, in a box of its own: showing or hiding it restyles nothing else. */}
            <Box sx={PROGRESS_SX}>{busy ? <BusyBar label="Loading costs" /> : null}</Box>
            {/* Dimmed at once (no fade: a fade repaints the whole chart and grid on every frame of it). */}
            <Box aria-busy={busy} data-testid="explorer-results" sx={busy ? DIMMED_SX : RESULTS_SX}>
              {drawn === null ? (
                <ExplorerResultsSkeleton />
              ) : (
                <ExplorerResults {...drawn} onWindowChange={onWindowChange} onGridChange={onGridChange} />
              )}
            </Box>
          </Box>
        </Suspense>
      )}
    </Stack>
  );
}
