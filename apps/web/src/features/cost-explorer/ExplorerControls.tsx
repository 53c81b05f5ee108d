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
import { memo } from 'react';
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
 * Range (presets and custom dates), granularity, cost type, chart type and group-by of the Explorer. Memoised: it
 * renders when the view changes, not when an answer arrives.
 */
export const ExplorerControls = memo(function ExplorerControls({
  view,
  granularities,
  onChange,
}: {
  view: ExplorerView;
  granularities: Granularity[];
  onChange: (change: ViewChange) => void;
}) {
  const { query } = view;
  const setDate = (field: 'start_date' | 'end_date', value: string) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return;
    const dates = { start_date: query.start_date, end_date: query.end_date, [field]: value };
    onChange({ range: null, dates });
  };
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <SelectField
          label="Range"
          value={view.range ?? CUSTOM}
          options={[...RANGE_PRESETS, CUSTOM]}
          labels={{ ...RANGE_PRESET_LABELS, [CUSTOM]: 'Custom' }}
          onChange={(value) => value !== CUSTOM && onChange({ range: value as RangePreset })}
          minWidth={200}
        />
        <DateField
          label="Start date"
          value={query.start_date}
          max={query.end_date}
          onChange={(v) => setDate('start_date', v)}
        />
        <DateField
          label="End date"
          value={query.end_date}
          min={query.start_date}
          onChange={(v) => setDate('end_date', v)}
        />
        <SelectField
          label="Granularity"
          value={query.granularity}
          options={granularities}
          labels={GRANULARITY_LABELS}
          onChange={(granularity) => onChange({ granularity })}
          minWidth={140}
        />
        <SelectField
          label="Cost type"
          value={query.cost_type}
          options={COST_TYPE_NAMES}
          labels={COST_TYPE_LABELS}
          onChange={(cost_type) => onChange({ cost_type })}
          minWidth={200}
        />
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view.chart}
          onChange={(_, kind: ChartKind | null) => kind !== null && onChange({ chart: kind })}
          aria-label="Chart type"
        >
          {CHART_KINDS.map((kind) => (
            <ToggleButton key={kind} value={kind}>
              {CHART_LABELS[kind]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <DimensionPicker
          label="Group by"
          clearable
          value={query.dimension}
          onChange={(dimension) => onChange({ dimension, dimension_key: null })}
        />
        {query.dimension !== null && isKeyedDimension(query.dimension) ? (
          <KeyPicker
            dimension={query.dimension}
            label="Group by key"
            value={query.dimension_key ?? null}
            onChange={(key) => onChange({ dimension_key: key })}
          />
        ) : null}
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} role="group" aria-label="Quick group-by">
          {Object.entries(DIMENSION_LABELS).map(([label, dimension]) => (
            <Chip
              key={label}
              label={label}
              clickable
              color={query.dimension === dimension ? 'primary' : 'default'}
              variant={query.dimension === dimension ? 'filled' : 'outlined'}
              aria-pressed={query.dimension === dimension}
              onClick={() => onChange({ dimension, dimension_key: null })}
            />
          ))}
        </Stack>
      </Stack>
    </Stack>
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
