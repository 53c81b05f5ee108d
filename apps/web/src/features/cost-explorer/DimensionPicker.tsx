import { COST_DIMENSIONS, type CostDimension, type KeyedDimension } from '@finlens/contracts/cost-query';
import { COST_DIMENSION_CATALOGUE } from '@finlens/cost-model/cost-dimensions';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { memo, useState } from 'react';
import { useDimensionKeys } from './api/dimension-keys-query';

export const dimensionLabel = (dimension: CostDimension) => COST_DIMENSION_CATALOGUE[dimension].label;

/**
 * A cost dimension, the spec §3 catalogue grouped by dimension group, with each one's help text. Memoised: MUI's
 * Autocomplete reads its box's width on every render (a forced layout when the page has just changed), so a parent's
 * render with the same value and handler leaves it alone.
 */
export const DimensionPicker = memo(function DimensionPicker({
  label,
  value,
  onChange,
  options = COST_DIMENSIONS,
  clearable = false,
}: {
  label: string;
  value: CostDimension | null;
  onChange: (dimension: CostDimension | null) => void;
  options?: readonly CostDimension[];
  clearable?: boolean;
}) {
  return (
    <Autocomplete
      size="small"
      sx={{ minWidth: 240 }}
      options={options}
      value={value}
      disableClearable={!clearable}
      groupBy={(option) => COST_DIMENSION_CATALOGUE[option].group}
      getOptionLabel={dimensionLabel}
      onChange={(_, next) => onChange(next)}
      renderOption={(props, option) => {
        const { key, ...rest } = props;
        return (
          <li key={key} {...rest} title={COST_DIMENSION_CATALOGUE[option].help}>
            {dimensionLabel(option)}
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField {...params} label={label} placeholder={clearable ? 'None (total)' : undefined} />
      )}
    />
  );
});

/** A tag key, cost-category name or Kubernetes label key, suggested by GET dimension_keys (any text allowed). */
export function KeyPicker({
  dimension,
  label,
  value,
  onChange,
}: {
  dimension: KeyedDimension;
  label: string;
  value: string | null;
  onChange: (key: string | null) => void;
}) {
  const [search, setSearch] = useState('');
  const keys = useDimensionKeys(dimension, search);
  return (
    <Autocomplete
      size="small"
      sx={{ minWidth: 200 }}
      freeSolo
      autoSelect
      options={keys.data ?? []}
      loading={keys.isFetching}
      value={value}
      onInputChange={(_, text) => setSearch(text)}
      onChange={(_, next) => onChange(next === '' ? null : next)}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
