import { type CostDimension, type Granularity, isKeyedDimension } from '@finlens/contracts/cost-query';
import type { CostTypeName } from '@finlens/contracts/cost-summary';
import { COST_TYPE_NAMES } from '@finlens/contracts/cost-summary';
import { DIMENSION_LABELS } from '@finlens/cost-model/cost-dimensions';
import { RANGE_PRESET_LABELS, RANGE_PRESETS, type RangePreset } from '@finlens/cost-model/range-presets';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { memo, useCallback, useDeferredValue } from 'react';
import { CHART_KINDS, type ChartKind } from '../../components/Chart';
import { DimensionPicker, KeyPicker } from './DimensionPicker';
import type { ExplorerView } from './explorer-view';

/** Spec §3 cost type names. */
const COST_TYPE_LABELS: Record<CostTypeName, string> = {
  unblended: 'Unblended',
  amortized: 'Amortized',
  blended: 'Blended',
  list: 'List',
  net_unblended: 'Discounted Unblended',
  net_amortized: 'Discounted Amortized',
  net_list: 'Discounted List',
};

const GRANULARITY_LABELS: Record<Granularity, string> = {
  hour: 'Hourly',
  day: 'Daily',
  week: 'Weekly',
  month: 'Monthly',
  quarter: 'Quarterly',
};

const CHART_LABELS: Record<ChartKind, string> = { bar: 'Bar', line: 'Line', area: 'Area' };
const CUSTOM = 'custom';

export interface ViewChange {
  range?: RangePreset | null;
  dates?: { start_date: string; end_date: string };
  granularity?: Granularity;
  dimension?: CostDimension | null;
  dimension_key?: string | null;
  cost_type?: CostTypeName;
  chart?: ChartKind;
}

/**
 * Range (presets and custom dates), granularity, cost type, chart type and group-by of the Explorer. Memoised, and
 * so is each of its parts: a click re-renders the part it changed (a group-by chip: the group-by row, and in it the
 * chip pressed and the one released), not every field, and an answer arriving re-renders none.
 */
export const ExplorerControls = memo(function ExplorerControls({
  view,
  granularities,
  onChange,
  onPreview,
}: {
  view: ExplorerView;
  granularities: Granularity[];
  onChange: (change: ViewChange) => void;
  /** A change the user is about to make (the pointer on a quick group-by): its question may be asked ahead. */
  onPreview: (change: ViewChange) => void;
}) {
  const { query } = view;
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={ROW_SX}>
        <RangeFields range={view.range} start={query.start_date} end={query.end_date} onChange={onChange} />
        <GranularityField value={query.granularity} options={granularities} onChange={onChange} />
        <CostTypeField value={query.cost_type} onChange={onChange} />
        <ChartKindField value={view.chart} onChange={onChange} />
      </Stack>
      <GroupByRow
        dimension={query.dimension}
        dimensionKey={query.dimension_key ?? null}
        onChange={onChange}
        onPreview={onPreview}
      />
    </Stack>
  );
});

const ROW_SX = { flexWrap: 'wrap', gap: 2, alignItems: 'center' } as const;
const RANGE_OPTIONS = [...RANGE_PRESETS, CUSTOM];
const RANGE_LABELS = { ...RANGE_PRESET_LABELS, [CUSTOM]: 'Custom' };

interface FieldProps<T> {
  value: T;
  onChange: (change: ViewChange) => void;
}

/** The range preset and the custom start and end dates. */
const RangeFields = memo(function RangeFields({
  range,
  start,
  end,
  onChange,
}: {
  range: RangePreset | null;
  start: string;
  end: string;
  onChange: (change: ViewChange) => void;
}) {
  const setDate = (field: 'start_date' | 'end_date', value: string) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return;
    onChange({ range: null, dates: { start_date: start, end_date: end, [field]: value } });
  };
  return (
    <>
      <SelectField
        label="Range"
        value={range ?? CUSTOM}
        options={RANGE_OPTIONS}
        labels={RANGE_LABELS}
        onChange={(value) => value !== CUSTOM && onChange({ range: value as RangePreset })}
        minWidth={200}
      />
      <DateField label="Start date" value={start} max={end} onChange={(v) => setDate('start_date', v)} />
      <DateField label="End date" value={end} min={start} onChange={(v) => setDate('end_date', v)} />
    </>
  );
});

const GranularityField = memo(function GranularityField({
  value,
  options,
  onChange,
}: FieldProps<Granularity> & { options: Granularity[] }) {
  return (
    <SelectField
      label="Granularity"
      value={value}
      options={options}
      labels={GRANULARITY_LABELS}
      onChange={(granularity) => onChange({ granularity })}
      minWidth={140}
    />
  );
});

const CostTypeField = memo(function CostTypeField({ value, onChange }: FieldProps<CostTypeName>) {
  return (
    <SelectField
      label="Cost type"
      value={value}
      options={COST_TYPE_NAMES}
      labels={COST_TYPE_LABELS}
      onChange={(cost_type) => onChange({ cost_type })}
      minWidth={200}
    />
  );
});

const ChartKindField = memo(function ChartKindField({ value, onChange }: FieldProps<ChartKind>) {
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={value}
      onChange={(_, kind: ChartKind | null) => kind !== null && onChange({ chart: kind })}
      aria-label="Chart type"
    >
      {CHART_KINDS.map((kind) => (
        <ToggleButton key={kind} value={kind}>
          {CHART_LABELS[kind]}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
});

/** The group-by picker, its key for keyed dimensions, and the quick group-by chips. */
const GroupByRow = memo(function GroupByRow({
  dimension,
  dimensionKey,
  onChange,
  onPreview,
}: {
  dimension: CostDimension | null;
  dimensionKey: string | null;
  onChange: (change: ViewChange) => void;
  onPreview: (change: ViewChange) => void;
}) {
  // The picker (an MUI Autocomplete, which reads its box's width on every render: a forced layout of the page the
  // click has just changed) takes a new group-by in the render after the click's own; the chips show it at once.
  const picked = useDeferredValue(dimension);
  // The same handler on every render, so the memoised picker renders only for its value.
  const pick = useCallback(
    (next: CostDimension | null) => onChange({ dimension: next, dimension_key: null }),
    [onChange],
  );
  return (
    <Stack direction="row" sx={ROW_SX}>
      <DimensionPicker label="Group by" clearable value={picked} onChange={pick} />
      {dimension !== null && isKeyedDimension(dimension) ? (
        <KeyPicker
          dimension={dimension}
          label="Group by key"
          value={dimensionKey}
          onChange={(key) => onChange({ dimension_key: key })}
        />
      ) : null}
      <Stack direction="row" sx={CHIPS_SX} role="group" aria-label="Quick group-by">
        {QUICK_GROUP_BYS.map(([label, chip]) => (
          <QuickChip
            key={label}
            label={label}
            dimension={chip}
            pressed={dimension === chip}
            onChange={onChange}
            onPreview={onPreview}
          />
        ))}
      </Stack>
    </Stack>
  );
});

const CHIPS_SX = { flexWrap: 'wrap', gap: 1 } as const;
const QUICK_GROUP_BYS = Object.entries(DIMENSION_LABELS);

/**
 * A quick group-by: re-rendered only when it is pressed or released. The pointer coming onto it (or the keyboard's
 * focus) asks its question ahead: a hand rests on a chip some 100–200 ms before the click lands.
 */
const QuickChip = memo(function QuickChip({
  label,
  dimension,
  pressed,
  onChange,
  onPreview,
}: {
  label: string;
  dimension: CostDimension;
  pressed: boolean;
  onChange: (change: ViewChange) => void;
  onPreview: (change: ViewChange) => void;
}) {
  const change = { dimension, dimension_key: null };
  return (
    <Chip
      label={label}
      clickable
      color={pressed ? 'primary' : 'default'}
      variant={pressed ? 'filled' : 'outlined'}
      aria-pressed={pressed}
      onClick={() => onChange(change)}
      onPointerEnter={() => onPreview(change)}
      onFocus={() => onPreview(change)}
    />
  );
});

function SelectField<T extends string>({
  label,
  value,
  options,
  labels,
  onChange,
  minWidth,
}: {
  label: string;
  value: T;
  options: readonly T[];
  labels: Record<T, string>;
  onChange: (value: T) => void;
  minWidth: number;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as T)}
      sx={{ minWidth }}
    >
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {labels[option]}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A native date input (keyboard-usable, the browser's calendar), YYYY-MM-DD. */
function DateField({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      type="date"
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { min, max } }}
      // The browser's calendar icon follows the theme.
      sx={(theme) => ({ '& input': { colorScheme: theme.palette.mode } })}
    />
  );
}
