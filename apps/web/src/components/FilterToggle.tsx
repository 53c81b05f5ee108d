import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';

interface FilterToggleProps<T extends string> {
  /** Accessible name of the group, e.g. 'User filter'. */
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  /** Called with the chosen value; clicking the selected button again is ignored. */
  onChange: (value: T) => void;
}

/** The one-of-several list filter used above settings tables (users, accounts). */
export function FilterToggle<T extends string>({ label, value, options, onChange }: FilterToggleProps<T>) {
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={value}
      onChange={(_event, next: T | null) => {
        if (next !== null) onChange(next);
      }}
      aria-label={label}
      sx={{ mb: 2 }}
    >
      {options.map((option) => (
        <ToggleButton key={option.value} value={option.value}>
          {option.label}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
