import {
  type CostDimension,
  type CostFilter,
  filterParamName,
  isKeyedDimension,
  type ValueFilter,
} from '@finlens/contracts/cost-query';
import AddOutlined from '@mui/icons-material/AddOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { memo, useState } from 'react';
import { DEMO_BLUR_SX, useDemoModeStore } from '../../components/demo-mode';
import { useDimensionValues } from './api/dimension-values-query';
import { DimensionPicker, dimensionLabel, KeyPicker } from './DimensionPicker';
import { withFilter } from './explorer-view';
import { DEMO_BLURRED_DIMENSIONS } from './transforms';

type Mode = ValueFilter['mode'];

/** Spec §3 filter entry: type Include or Exclude, contain like or not_like. */
const MODE_LABELS: Record<Mode, string> = {
  include: 'Include',
  exclude: 'Exclude',
  like: 'Contains',
  not_like: 'Does not contain',
};
const KEYED_MODES = ['include', 'exclude'] as const;

/** Shown for the '' value of a key: rows without the key or with it empty (untagged). */
const UNTAGGED = 'No value (untagged)';

function filterText(filter: CostFilter): string {
  const name = dimensionLabel(filter.dimension);
  if ('pairs' in filter) {
    const pairs = filter.pairs.map(
      (p) => `${p.key} = ${p.value === '' || p.value === 'null' ? UNTAGGED : p.value}`,
    );
    const joiner = filter.match === 'all' && filter.mode === 'include' ? ' and ' : ' or ';
    return `${name} ${MODE_LABELS[filter.mode].toLowerCase()}: ${pairs.join(joiner)}`;
  }
  return `${name} ${MODE_LABELS[filter.mode].toLowerCase()}: ${filter.values.join(', ')}`;
}

interface FilterPanelProps {
  filters: CostFilter[];
  onChange: (filters: CostFilter[]) => void;
  range: { start_date: string; end_date: string };
}

/**
 * The Explorer's filters: the current ones as removable chips and a form to add one. Memoised: a click elsewhere
 * (group-by, granularity) does not render its Autocompletes again.
 */
export const FilterPanel = memo(function FilterPanel({ filters, onChange, range }: FilterPanelProps) {
  const demo = useDemoModeStore((state) => state.on);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Filters">
      <Typography variant="subtitle2" component="h2" gutterBottom>
        Filters
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: filters.length > 0 ? 2 : 0 }}>
        {filters.map((filter) => (
          <Chip
            key={filterParamName(filter)}
            label={
              <Box
                component="span"
                sx={demo && DEMO_BLURRED_DIMENSIONS.has(filter.dimension) ? DEMO_BLUR_SX : undefined}
              >
                {filterText(filter)}
              </Box>
            }
            onDelete={() => onChange(filters.filter((f) => f !== filter))}
            aria-label={`Filter ${filterText(filter)}`}
          />
        ))}
      </Stack>
      <AddFilterForm range={range} onAdd={(filter) => onChange(withFilter(filters, filter))} />
    </Paper>
  );
});

function AddFilterForm({
  range,
  onAdd,
}: {
  range: FilterPanelProps['range'];
  onAdd: (filter: CostFilter) => void;
}) {
  const [dimension, setDimension] = useState<CostDimension | null>(null);
  const [mode, setMode] = useState<Mode>('include');
  const [match, setMatch] = useState<'any' | 'all'>('any');
  const [key, setKey] = useState<string | null>(null);
  const [values, setValues] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const keyed = dimension !== null && isKeyedDimension(dimension);
  const suggestions = useDimensionValues(
    dimension === null || (keyed && key === null)
      ? null
      : { dimension, ...(keyed && key !== null ? { key } : {}), search, ...range },
  );
  const options = (suggestions.data ?? []).map((entry) => entry.value ?? '');
  // Text typed but not yet turned into a chip (Enter) counts too.
  const typed = search.trim();
  const chosen = typed === '' || values.includes(typed) ? values : [...values, typed];
  const ready = dimension !== null && chosen.length > 0 && (!keyed || key !== null);

  const reset = () => {
    setValues([]);
    setSearch('');
  };
  const add = () => {
    if (!ready) return;
    if (keyed) {
      const pairs = chosen.map((value) => ({ key: key ?? '', value }));
      onAdd({ dimension, mode: mode === 'exclude' ? 'exclude' : 'include', match, pairs });
    } else {
      onAdd({ dimension, mode, values: chosen });
    }
    reset();
  };

  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      <DimensionPicker
        label="Filter by"
        value={dimension}
        clearable
        onChange={(next) => {
          setDimension(next);
          setKey(null);
          if (next !== null && isKeyedDimension(next) && !KEYED_MODES.includes(mode as 'include')) {
            setMode('include');
          }
          reset();
        }}
      />
      <TextField
        select
        size="small"
        label="Type"
        value={mode}
        onChange={(event) => setMode(event.target.value as Mode)}
        sx={{ minWidth: 170 }}
      >
        {(keyed ? KEYED_MODES : (Object.keys(MODE_LABELS) as Mode[])).map((m) => (
          <MenuItem key={m} value={m}>
            {MODE_LABELS[m]}
          </MenuItem>
        ))}
      </TextField>
      {keyed ? (
        <>
          <KeyPicker dimension={dimension} label="Key" value={key} onChange={setKey} />
          {mode === 'include' ? (
            <TextField
              select
              size="small"
              label="Match"
              value={match}
              onChange={(event) => setMatch(event.target.value as 'any' | 'all')}
              sx={{ minWidth: 130 }}
            >
              <MenuItem value="any">Any pair</MenuItem>
              <MenuItem value="all">All pairs</MenuItem>
            </TextField>
          ) : null}
        </>
      ) : null}
      <Autocomplete
        multiple
        freeSolo
        size="small"
        sx={{ minWidth: 260, flex: 1 }}
        disabled={dimension === null || (keyed && key === null)}
        options={options}
        loading={suggestions.isFetching}
        value={values}
        inputValue={search}
        onInputChange={(_, text) => setSearch(text)}
        onChange={(_, next) => setValues(next)}
        getOptionLabel={(option) => (option === '' ? UNTAGGED : option)}
        filterOptions={(list) => list}
        renderInput={(params) => (
          <TextField
            {...params}
            label={mode === 'like' || mode === 'not_like' ? 'Text' : 'Values'}
            placeholder="Type to search, Enter to add"
          />
        )}
      />
      <Button variant="outlined" startIcon={<AddOutlined />} disabled={!ready} onClick={add}>
        Add filter
      </Button>
    </Stack>
  );
}
