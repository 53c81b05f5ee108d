import { COST_BASES } from '@finlens/contracts/containers';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import {
  BASIS_LABELS,
  basisOf,
  CAPACITY_CHOICE_LABELS,
  CAPACITY_CHOICES,
  CONTAINER_RANGES,
  capacityOf,
  FILTER_KEYS,
  FILTER_LABELS,
  RANGE_LABELS,
  rangeOf,
} from './containers-view';

type Change = (updates: Record<string, string>, resetPage?: boolean) => void;

/** A small select of fixed options kept in the URL. */
export function UrlSelect<T extends string>({
  label,
  value,
  options,
  labels,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly T[];
  labels: Record<T, string>;
  onChange: (value: T) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as T)}
      sx={{ minWidth: 180 }}
    >
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {labels[option]}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The range, the effective rate, the capacity type and the Kubernetes filters in force (each removable), plus a
 * page's own controls.
 */
export function ContainersFilters({
  search,
  change,
  children,
  dataRange = RANGE_LABELS.data,
}: {
  search: URLSearchParams;
  change: Change;
  children?: ReactNode;
  /** The label of the server's default range ('Last 30 days of data'; rightsizing looks back 14). */
  dataRange?: string;
}) {
  return (
    <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
      <UrlSelect
        label="Range"
        value={rangeOf(search)}
        options={CONTAINER_RANGES}
        labels={{ ...RANGE_LABELS, data: dataRange }}
        onChange={(range) => change({ range: range === 'data' ? '' : range })}
      />
      <UrlSelect
        label="Cost"
        value={basisOf(search)}
        options={COST_BASES}
        labels={BASIS_LABELS}
        onChange={(basis) => change({ cost_basis: basis === 'amortized' ? '' : basis })}
      />
      <UrlSelect
        label="Capacity type"
        value={capacityOf(search)}
        options={CAPACITY_CHOICES}
        labels={CAPACITY_CHOICE_LABELS}
        onChange={(type) => change({ capacity_type: type === 'all' ? '' : type })}
      />
      {children}
      {FILTER_KEYS.flatMap((key) => {
        const value = key === 'capacity_type' ? null : search.get(key);
        return value
          ? [
              <Chip
                key={key}
                label={`${FILTER_LABELS[key]}: ${value}`}
                onDelete={() => change({ [key]: '' })}
                aria-label={`Remove filter ${FILTER_LABELS[key]} ${value}`}
              />,
            ]
          : [];
      })}
    </Stack>
  );
}
