import { NOTIFICATION_SOURCES, type NotificationSource } from '@finlens/contracts/notifications';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import { SOURCE_LABELS } from '../labels';

interface SourceCheckboxesProps {
  legend: string;
  value: NotificationSource[];
  onChange: (sources: NotificationSource[]) => void;
}

/** One checkbox per notification source; the value keeps the contract's order. */
export function SourceCheckboxes({ legend, value, onChange }: SourceCheckboxesProps) {
  const toggle = (source: NotificationSource, checked: boolean) =>
    onChange(NOTIFICATION_SOURCES.filter((item) => (item === source ? checked : value.includes(item))));
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend">{legend}</FormLabel>
      <FormGroup>
        {NOTIFICATION_SOURCES.map((source) => (
          <FormControlLabel
            key={source}
            label={SOURCE_LABELS[source]}
            control={
              <Checkbox
                checked={value.includes(source)}
                onChange={(_event, checked) => toggle(source, checked)}
              />
            }
          />
        ))}
      </FormGroup>
    </FormControl>
  );
}
