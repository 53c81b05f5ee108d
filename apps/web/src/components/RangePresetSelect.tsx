import { RANGE_PRESET_LABELS, type RangePreset } from '@finlens/cost-model/range-presets';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

/** A "Range" picker over the given presets, labelled as in the Explorer. */
export function RangePresetSelect<T extends RangePreset>({
  presets,
  value,
  onChange,
}: {
  presets: readonly T[];
  value: T;
  onChange: (next: T) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label="Range"
      value={value}
      onChange={(event) => onChange(event.target.value as T)}
      sx={{ minWidth: 200 }}
    >
      {presets.map((preset) => (
        <MenuItem key={preset} value={preset}>
          {RANGE_PRESET_LABELS[preset]}
        </MenuItem>
      ))}
    </TextField>
  );
}
