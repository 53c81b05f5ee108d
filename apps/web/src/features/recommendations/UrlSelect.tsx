import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { useSearchChange } from '../../lib/use-search-change';

type Search = ReturnType<typeof useSearchChange>;

/** A filter kept in one URL parameter: the empty choice (`every`) removes it; changing it goes to page 1. */
export function UrlSelect(props: {
  label: string;
  param: string;
  every: string;
  options: readonly (readonly [value: string, label: string])[];
  search: Search[0];
  change: Search[1];
  minWidth: number;
}) {
  const { label, param, every, options, search, change, minWidth } = props;
  return (
    <TextField
      select
      size="small"
      label={label}
      value={search.get(param) ?? ''}
      onChange={(e) => change({ [param]: e.target.value })}
      sx={{ minWidth }}
    >
      <MenuItem value="">{every}</MenuItem>
      {options.map(([value, text]) => (
        <MenuItem key={value} value={value}>
          {text}
        </MenuItem>
      ))}
    </TextField>
  );
}
