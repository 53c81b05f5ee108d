import { RESOURCE_KIND_NAMES } from '@finlens/contracts/inventory';
import type { ResourceFilterOptions } from '@finlens/contracts/resources-cost';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { accountLabel, exactFilter, exactValue, tagOf, tagParams } from './resources-cost-view';

/** The URL keys the filter bar sets (each as the API reads it). */
export const FILTER_KEYS = [
  'search',
  'kind',
  'in_inventory',
  'product_region',
  'line_item_usage_account_id',
  'product_servicename',
  'product_instance_type',
  'tag_keys',
  'exclude_tag_keys',
];

const NO_OPTIONS: ResourceFilterOptions = { accounts: [], services: [], types: [], tag_keys: [] };

/** A select over known values; a value from the URL that is not among them stays listed. */
function OptionSelect({
  label,
  any,
  value,
  options,
  onChange,
  minWidth = 200,
}: {
  label: string;
  any: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
  minWidth?: number;
}) {
  const listed = value === '' || options.some((o) => o.value === value);
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth }}
    >
      <MenuItem value="">{any}</MenuItem>
      {listed ? null : <MenuItem value={value}>{value}</MenuItem>}
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

const plain = (values: string[]) => values.map((v) => ({ value: v, label: v }));

/** The Resources Cost filter bar: every input reads and writes the page's URL. */
export function ResourceFilters({
  search,
  options = NO_OPTIONS,
  change,
}: {
  search: URLSearchParams;
  options?: ResourceFilterOptions;
  change: (updates: Record<string, string>) => void;
}) {
  const exact = (key: string) => ({
    value: exactValue(search.get(key)),
    onChange: (value: string) => change({ [key]: exactFilter(value) }),
  });
  const tag = tagOf(search);
  return (
    <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: 'wrap' }} useFlexGap>
      <TextField
        size="small"
        label="Search"
        placeholder="Id, name, account, ARN or tag value"
        defaultValue={search.get('search') ?? ''}
        onChange={(e) => change({ search: e.target.value })}
      />
      <OptionSelect
        label="Account"
        any="Any account"
        options={options.accounts.map((a) => ({ value: a.account_id, label: accountLabel(a) }))}
        {...exact('line_item_usage_account_id')}
      />
      <TextField
        size="small"
        label="Region"
        defaultValue={exactValue(search.get('product_region'))}
        onBlur={(e) => change({ product_region: exactFilter(e.target.value) })}
      />
      <OptionSelect
        label="Service"
        any="Any service"
        options={plain(options.services)}
        {...exact('product_servicename')}
      />
      <OptionSelect
        label="Kind"
        any="Any kind"
        value={search.get('kind') ?? ''}
        options={plain([...RESOURCE_KIND_NAMES])}
        onChange={(kind) => change({ kind })}
        minWidth={180}
      />
      <OptionSelect
        label="Type"
        any="Any type"
        options={plain(options.types)}
        minWidth={160}
        {...exact('product_instance_type')}
      />
      <OptionSelect
        label="Tag key"
        any="Any tag"
        value={tag.key}
        options={plain(options.tag_keys)}
        onChange={(key) => change(tagParams(key, tag.value))}
        minWidth={160}
      />
      {tag.key === '' ? null : (
        <TextField
          key={tag.key}
          size="small"
          label="Tag value"
          placeholder="Any value"
          defaultValue={tag.value}
          onBlur={(e) => change(tagParams(tag.key, e.target.value))}
        />
      )}
      <OptionSelect
        label="Inventory"
        any="Collected or not"
        value={search.get('in_inventory') ?? ''}
        options={[
          { value: 'true', label: 'Collected' },
          { value: 'false', label: 'Only in the bill' },
        ]}
        onChange={(in_inventory) => change({ in_inventory })}
      />
    </Stack>
  );
}
