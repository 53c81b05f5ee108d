import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

interface Props {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  minWidth?: number;
}

/** A labelled one-of-several select (showback, month, cost type, status) of the chargeback pages. */
export function ChoiceField({ label, value, options, onChange, minWidth }: Props) {
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={minWidth === undefined ? undefined : { minWidth }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Options whose label is the value itself. */
export const plainOptions = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
