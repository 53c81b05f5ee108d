import TextField from '@mui/material/TextField';

/**
 * A day and time in this browser's zone (a datetime-local input: "YYYY-MM-DDTHH:MM", empty when cleared) — an
 * override's "until", a one-off's "hold until" — showing the server's 400 for it in place of the hint.
 */
export function LocalDateTimeField({
  label,
  value,
  onChange,
  error,
  hint,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  hint?: string;
}) {
  return (
    <TextField
      type="datetime-local"
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ inputLabel: { shrink: true } }}
      error={error !== undefined}
      helperText={error ?? hint}
    />
  );
}
