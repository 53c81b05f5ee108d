import type { CostFilter } from '@finlens/contracts/cost-query';
import { SPLIT_METHODS } from '@finlens/contracts/showbacks';
import { formatMoney } from '@finlens/cost-model/format';
import type { DateRange } from '@finlens/cost-model/range-presets';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FilterPanel } from '../cost-explorer/FilterPanel';
import { useRulePreview } from './api/rule-preview-query';
import { type RuleFields, useSaveRule } from './api/save-rule-mutation';

type SplitMethod = (typeof SPLIT_METHODS)[number];
export const SPLIT_LABELS: Record<SplitMethod, string> = {
  even: 'Evenly',
  fixed: 'Fixed percentages',
  proportional: 'In proportion to direct cost',
};

/** A saved rule as the dialog edits it. */
export interface EditedRule {
  id: string;
  fields: RuleFields;
  filters: { id: string; filter: CostFilter }[];
}

interface RuleDialogProps {
  showbackId: string;
  /** The rule to edit, or null for a new one (added last). */
  rule: EditedRule | null;
  /** Known showback values (targets and split choices). */
  values: string[];
  range: DateRange;
  onClose: () => void;
}

const EMPTY: RuleFields = { name: '', kind: 'assign', target_value: null, split_method: null, splits: [] };

/**
 * Add or edit an allocation rule: name, assign to a value or share across values (even, fixed percentages,
 * proportional), the Explorer's dimension filters, and the live preview of what the rule matches and moves
 * in its place over the page's range.
 */
export function RuleDialog({ showbackId, rule, values, range, onClose }: RuleDialogProps) {
  const [fields, setFields] = useState<RuleFields>(rule?.fields ?? EMPTY);
  const [filters, setFilters] = useState<CostFilter[]>(rule?.filters.map((f) => f.filter) ?? []);
  const save = useSaveRule(showbackId);
  const preview = useRulePreview(showbackId, { filters, ruleId: rule?.id ?? null, range });
  const set = (patch: Partial<RuleFields>) => setFields((current) => ({ ...current, ...patch }));
  const percentSum = fields.splits.reduce((sum, s) => sum + (s.percent ?? 0), 0);
  const problem =
    fields.name.trim() === ''
      ? 'Enter a name.'
      : fields.kind === 'assign' && (fields.target_value ?? '').trim() === ''
        ? 'Choose the value that gets the cost.'
        : fields.kind === 'share' && fields.split_method === 'fixed' && Math.abs(percentSum - 100) > 1e-9
          ? `The percentages add up to ${percentSum}%, not 100%.`
          : null;

  const submit = () => {
    const body: RuleFields =
      fields.kind === 'assign'
        ? { ...fields, name: fields.name.trim(), split_method: null, splits: [] }
        : {
            ...fields,
            name: fields.name.trim(),
            target_value: null,
            split_method: fields.split_method ?? 'even',
            splits: fields.splits.map((s) => ({
              value: s.value,
              percent: fields.split_method === 'fixed' ? s.percent : null,
            })),
          };
    save.mutate(
      { fields: body, filters, existing: rule === null ? null : { id: rule.id, filters: rule.filters } },
      { onSuccess: onClose },
    );
  };

  const title = rule === null ? 'Add rule' : `Edit rule ${rule.fields.name}`;
  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} aria-label={title} maxWidth="md" fullWidth>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {save.isError ? <Alert severity="error">{save.error.message}</Alert> : null}
          <TextField
            label="Name"
            value={fields.name}
            onChange={(event) => set({ name: event.target.value })}
          />
          <TextField
            select
            label="The matched cost"
            value={fields.kind}
            onChange={(event) => {
              const kind = event.target.value as RuleFields['kind'];
              set(kind === 'share' ? { kind, split_method: fields.split_method ?? 'even' } : { kind });
            }}
          >
            <MenuItem value="assign">goes to one value</MenuItem>
            <MenuItem value="share">is shared across values</MenuItem>
          </TextField>
          {fields.kind === 'assign' ? (
            <Autocomplete
              freeSolo
              options={values}
              value={fields.target_value ?? ''}
              onInputChange={(_, text) => set({ target_value: text })}
              renderInput={(params) => <TextField {...params} label="Showback value" />}
            />
          ) : (
            <SplitEditor fields={fields} values={values} onChange={set} />
          )}
          <FilterPanel filters={filters} onChange={setFilters} range={range} />
          <Preview filters={filters} preview={preview} />
        </Stack>
      </DialogContent>
      <DialogActions>
        {problem && fields.name !== '' ? (
          <Typography variant="body2" color="error" sx={{ mr: 'auto', pl: 2 }}>
            {problem}
          </Typography>
        ) : null}
        <Button onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button variant="contained" disabled={problem !== null} loading={save.isPending} onClick={submit}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function Preview({
  filters,
  preview,
}: {
  filters: CostFilter[];
  preview: ReturnType<typeof useRulePreview>;
}) {
  const text =
    filters.length === 0
      ? 'Add a filter to see what the rule matches.'
      : preview.isError
        ? preview.error.message
        : preview.data === undefined
          ? 'Computing the preview…'
          : `Matches ${formatMoney(preview.data.matched_cost)}; moves ${formatMoney(preview.data.moved_cost)} in its place (cost earlier rules take stays with them).`;
  return (
    <Alert
      severity={preview.isError ? 'error' : 'info'}
      role="status"
      aria-label="Rule preview"
      aria-busy={preview.isFetching}
    >
      {text}
    </Alert>
  );
}

function SplitEditor({
  fields,
  values,
  onChange,
}: {
  fields: RuleFields;
  values: string[];
  onChange: (patch: Partial<RuleFields>) => void;
}) {
  const fixed = fields.split_method === 'fixed';
  const chosen = fields.splits.map((s) => s.value);
  return (
    <Stack spacing={1}>
      <TextField
        select
        label="Split"
        value={fields.split_method ?? 'even'}
        onChange={(event) => onChange({ split_method: event.target.value as SplitMethod })}
      >
        {SPLIT_METHODS.map((method) => (
          <MenuItem key={method} value={method}>
            {SPLIT_LABELS[method]}
          </MenuItem>
        ))}
      </TextField>
      <Autocomplete
        multiple
        freeSolo
        options={values}
        value={chosen}
        onChange={(_, next) =>
          onChange({
            splits: next.map(
              (value) => fields.splits.find((s) => s.value === value) ?? { value, percent: null },
            ),
          })
        }
        renderInput={(params) => (
          <TextField
            {...params}
            label="Split across"
            helperText={fixed ? undefined : 'None chosen: every value with direct cost that day.'}
          />
        )}
      />
      {fixed
        ? fields.splits.map((split) => (
            <Stack key={split.value} direction="row" sx={{ gap: 1, alignItems: 'center' }}>
              <Typography sx={{ minWidth: 160 }}>{split.value}</Typography>
              <TextField
                size="small"
                type="number"
                label={`Percent for ${split.value}`}
                value={split.percent ?? ''}
                onChange={(event) =>
                  onChange({
                    splits: fields.splits.map((s) =>
                      s.value === split.value
                        ? { ...s, percent: event.target.value === '' ? null : Number(event.target.value) }
                        : s,
                    ),
                  })
                }
              />
              <IconButton
                aria-label={`Remove ${split.value}`}
                onClick={() => onChange({ splits: fields.splits.filter((s) => s !== split) })}
              >
                <DeleteOutlined />
              </IconButton>
            </Stack>
          ))
        : null}
    </Stack>
  );
}
