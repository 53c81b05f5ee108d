import type { CostFilter } from '@finlens/contracts/cost-query';
import { COST_TYPE_NAMES } from '@finlens/contracts/cost-summary';
import {
  BUDGET_TYPES,
  type CostTarget,
  costTargetInputSchema,
  TARGET_PERIODS,
} from '@finlens/contracts/cost-targets';
import { presetRange } from '@finlens/cost-model/range-presets';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Controller, type UseFormReturn, useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { useIsAdmin } from '../../components/AdminAction';
import { applyServerErrors } from '../../components/form-errors';
import { textFieldProps } from '../../components/form-field';
import { ProjectPicker } from '../../components/ProjectPicker';
import { useProjectsAws } from '../admin/api/projects-aws-query';
import { FilterPanel } from '../cost-explorer/FilterPanel';
import { AlertEditor } from './AlertEditor';
import { useSaveTarget } from './api/save-target-mutation';
import { useTarget } from './api/target-query';
import { OperatePackageGate } from './OperatePackageGate';
import { PlanEditor } from './PlanEditor';
import { costTypeLabel, TARGET_CHANGE_REASON } from './target-view';

type TargetForm = z.input<typeof costTargetInputSchema>;
type TargetValues = z.output<typeof costTargetInputSchema>;

const PERIOD_LABELS = { MONTHLY: 'Monthly', QUARTERLY: 'Quarterly', YEARLY: 'Yearly' } as const;
const BUDGET_LABELS = {
  top_down: 'Top-down: one amount per period',
  bottom_up: 'Bottom-up: a plan per month',
};
const FIELDS = ['name', 'cost_type', 'period', 'start_date', 'end_date', 'budget_type', 'amount'] as const;

function blankTarget(today: Date): TargetForm {
  return {
    name: '',
    scope: { filters: [] },
    cost_type: 'unblended',
    period: 'MONTHLY',
    start_date: `${today.toISOString().slice(0, 7)}-01`,
    end_date: null,
    budget_type: 'top_down',
    amount: null,
  };
}

function formOf(target: CostTarget): TargetForm {
  const { name, scope, cost_type, period, start_date, end_date, budget_type, amount } = target;
  return { name, scope, cost_type, period, start_date, end_date, budget_type, amount };
}

interface NullableFieldProps {
  form: UseFormReturn<TargetForm, unknown, TargetValues>;
  name: 'end_date' | 'amount';
  label: string;
  number?: boolean;
  placeholder?: string;
  hint?: string;
}

/** A text or number field whose empty value is null (end_date, amount). */
function NullableField({ form, name, label, number = false, placeholder, hint }: NullableFieldProps) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          label={label}
          type={number ? 'number' : 'text'}
          placeholder={placeholder}
          value={field.value ?? ''}
          onChange={({ target: { value } }) =>
            field.onChange(value === '' ? null : number ? Number(value) : value)
          }
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message ?? hint}
          fullWidth
        />
      )}
    />
  );
}

/**
 * /v3/create-target/:id? and /v3/update-target/:id — spec §4: an existing id means PATCH, otherwise POST.
 * A new target is saved first; its plan and alerts are edited once it has an id.
 */
export function TargetFormPage() {
  const id = useParams().id ?? null;
  const target = useTarget(id);
  // The route's title: /v3/create-target/{id} edits too (spec §4), under its own title.
  const title = useLocation().pathname.includes('/create-target')
    ? 'Create Cost Target'
    : 'Update Cost Target';
  const readOnly = !useIsAdmin();
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, md: 2 }, maxWidth: 1100 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        <Button component={RouterLink} to="/v3/targets-api/">
          All targets
        </Button>
      </Stack>
      <OperatePackageGate>
        {readOnly ? <Alert severity="info">{TARGET_CHANGE_REASON}</Alert> : null}
        {id === null ? (
          <TargetFields id={null} initial={null} />
        ) : target.isPending ? (
          <Skeleton variant="rounded" height={320} aria-label="Loading the cost target" />
        ) : target.isError ? (
          <Alert severity="error">{target.error.message}</Alert>
        ) : (
          <>
            <TargetFields id={id} initial={target.data} />
            {target.data.budget_type === 'bottom_up' ? <PlanEditor target={target.data} /> : null}
            <AlertEditor targetId={target.data.id} />
          </>
        )}
      </OperatePackageGate>
    </Stack>
  );
}

function TargetFields({ id, initial }: { id: string | null; initial: CostTarget | null }) {
  const readOnly = !useIsAdmin();
  const projects = useProjectsAws();
  const [today] = useState(() => new Date());
  const save = useSaveTarget();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const form = useForm<TargetForm, unknown, TargetValues>({
    resolver: zodResolver(costTargetInputSchema),
    defaultValues: initial === null ? blankTarget(today) : formOf(initial),
  });
  useEffect(() => {
    if (initial !== null) form.reset(formOf(initial));
  }, [initial, form]);
  const budgetType = form.watch('budget_type');

  const onSubmit = form.handleSubmit(async (input) => {
    setFormError(null);
    setSaved(false);
    try {
      const result = await save.mutateAsync({ id, input });
      if (id === null) navigate(`/v3/update-target/${result.id}`);
      else setSaved(true);
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, FIELDS));
    }
  });

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <form onSubmit={onSubmit} noValidate aria-label="Cost target">
        <Stack spacing={2}>
          {formError === null ? null : <Alert severity="error">{formError}</Alert>}
          {saved ? <Alert severity="success">Target saved.</Alert> : null}
          <TextField label="Name" {...textFieldProps(form, 'name')} />
          <Controller
            control={form.control}
            name="scope"
            render={({ field }) => (
              <Stack spacing={2}>
                <ProjectPicker
                  projects={projects.data ?? []}
                  loading={projects.isPending}
                  value={field.value?.project_ids}
                  onChange={(project_ids) => {
                    const { project_ids: _, ...rest } = field.value ?? { filters: [] };
                    field.onChange(project_ids === undefined ? rest : { ...rest, project_ids });
                  }}
                />
                <FilterPanel
                  filters={(field.value?.filters ?? []) as CostFilter[]}
                  onChange={(filters) => field.onChange({ ...field.value, filters })}
                  range={presetRange('30D', today)}
                />
              </Stack>
            )}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Controller
              control={form.control}
              name="cost_type"
              render={({ field }) => (
                <TextField select label="Cost type" {...field} fullWidth>
                  {COST_TYPE_NAMES.map((name) => (
                    <MenuItem key={name} value={name}>
                      {costTypeLabel(name)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              control={form.control}
              name="period"
              render={({ field }) => (
                <TextField select label="Period" {...field} fullWidth>
                  {TARGET_PERIODS.map((period) => (
                    <MenuItem key={period} value={period}>
                      {PERIOD_LABELS[period]}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField label="Start date" placeholder="YYYY-MM-01" {...textFieldProps(form, 'start_date')} />
            <NullableField
              form={form}
              name="end_date"
              label="End date (optional)"
              placeholder="YYYY-MM-DD"
              hint="12 months when empty"
            />
          </Stack>
          <Controller
            control={form.control}
            name="budget_type"
            render={({ field }) => (
              <Stack>
                <FormLabel id="budget-type-label">Budget</FormLabel>
                <RadioGroup row aria-labelledby="budget-type-label" {...field}>
                  {BUDGET_TYPES.map((type) => (
                    <FormControlLabel
                      key={type}
                      value={type}
                      control={<Radio />}
                      label={BUDGET_LABELS[type]}
                    />
                  ))}
                </RadioGroup>
              </Stack>
            )}
          />
          {budgetType === 'top_down' ? (
            <NullableField form={form} name="amount" label="Budget per period (USD)" number />
          ) : (
            <Typography variant="body2" color="text.secondary">
              {id === null
                ? 'Save the target to enter its plan month by month.'
                : 'Each period’s budget is the sum of its months in the plan below.'}
            </Typography>
          )}
          <Stack direction="row" spacing={1}>
            <Button
              type="submit"
              variant="contained"
              loading={form.formState.isSubmitting}
              disabled={readOnly}
            >
              {id === null ? 'Create target' : 'Save target'}
            </Button>
          </Stack>
        </Stack>
      </form>
    </Paper>
  );
}
