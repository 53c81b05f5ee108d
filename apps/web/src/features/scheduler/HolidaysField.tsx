import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useHolidayCountries } from './api/holiday-countries-query';

/** Days the schedule keeps its resources stopped: a country's public holidays and custom dates. */
export function HolidaysField({
  value,
  onChange,
  error,
  country,
  onCountry,
  countryError,
}: {
  value: readonly string[];
  onChange: (days: string[]) => void;
  error: string | undefined;
  country: string | null;
  onCountry: (code: string | null) => void;
  countryError: string | undefined;
}) {
  const [day, setDay] = useState('');
  const countries = useHolidayCountries();
  const options = countries.data?.results ?? [];
  const add = () => {
    if (/^\d{4}-\d{2}-\d{2}$/.test(day)) onChange([...new Set([...value, day])].sort());
    setDay('');
  };
  return (
    <Stack spacing={1}>
      <Autocomplete
        options={options}
        getOptionLabel={(c) => `${c.name} (${c.code})`}
        isOptionEqualToValue={(a, b) => a.code === b.code}
        value={options.find((c) => c.code === country) ?? null}
        onChange={(_, c) => onCountry(c?.code ?? null)}
        loading={countries.isPending}
        sx={{ maxWidth: 420 }}
        renderInput={(params) => (
          <TextField
            {...params}
            label="Public holidays of"
            error={countryError !== undefined}
            helperText={countryError ?? 'Stopped all day on the country’s public holidays'}
          />
        )}
      />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          type="date"
          label="Holiday"
          value={day}
          onChange={(e) => setDay(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          error={error !== undefined}
          helperText={error ?? 'Kept stopped all day, in the schedule’s zone'}
          size="small"
        />
        <Button onClick={add} disabled={day === ''}>
          Add holiday
        </Button>
      </Stack>
      {value.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No holidays.
        </Typography>
      ) : (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }} useFlexGap aria-label="Holidays">
          {value.map((d) => (
            <Chip key={d} label={d} onDelete={() => onChange(value.filter((x) => x !== d))} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
