import type { StatementInput } from '@finlens/contracts/chargebacks';
import { COST_TYPE_NAMES } from '@finlens/contracts/cost-summary';
import { utcDay } from '@finlens/cost-model/utc-calendar';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AdminAction } from '../../components/AdminAction';
import { BarsLoader } from '../../components/BarsLoader';
import { useCreateStatement } from './api/create-statement-mutation';
import { usePreview } from './api/preview-query';
import { useShowbackChoices } from './api/showbacks-query';
import { useStatementAction } from './api/statement-action-mutation';
import { ChoiceField, plainOptions } from './ChoiceField';
import { CENTER_PATH } from './chargeback-paths';
import { StatementLinesTable } from './StatementLinesTable';
import { closedMonths, markupsOf } from './statement-view';

/** The URL's statement settings (CONVENTIONS: the URL holds the view); null until a showback is chosen. */
function useStatementParams() {
  const [params, setParams] = useSearchParams();
  const months = closedMonths(utcDay(new Date()));
  const month = months.find((m) => m === params.get('month')) ?? months[0] ?? '';
  const costType = COST_TYPE_NAMES.find((c) => c === params.get('cost_type')) ?? 'amortized';
  const set = (key: string, value: string) =>
    setParams((next) => {
      next.set(key, value);
      return next;
    });
  return {
    months,
    showbackId: params.get('showback_id') ?? '',
    month,
    costType,
    sharedLine: params.get('shared_cost_line') !== 'false',
    set,
  };
}

/** Draft created on this page: issue it here or open it in the center. */
function DraftActions({ id, version }: { id: string; version: number }) {
  const action = useStatementAction();
  if (action.isSuccess) {
    return (
      <Alert severity="success">
        {`Version ${version} issued: its numbers are frozen. `}
        <RouterLink to={`${CENTER_PATH}?statement=${id}`}>Open it in the Chargebacks Center</RouterLink>
      </Alert>
    );
  }
  return (
    <Alert
      severity="info"
      action={
        <Button
          color="inherit"
          disabled={action.isPending}
          onClick={() => action.mutate({ kind: 'issue', id })}
        >
          Issue
        </Button>
      }
    >
      {`Draft version ${version} created: it follows new data until you issue it. `}
      <RouterLink to={`${CENTER_PATH}?statement=${id}`}>Open it in the Chargebacks Center</RouterLink>
      {action.isError ? ` ${action.error.message}` : null}
    </Alert>
  );
}

/** Chargeback (/v3/cost/chargeback/): preview a showback's statement for a closed month, create a draft, issue it. */
export function ChargebackPage() {
  const { months, showbackId, month, costType, sharedLine, set } = useStatementParams();
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [currency, setCurrency] = useState('USD');
  const showbacks = useShowbackChoices();
  const create = useCreateStatement();
  const input: StatementInput | null =
    showbackId === ''
      ? null
      : {
          showback_id: showbackId,
          month,
          cost_type: costType,
          markups: markupsOf(typed),
          shared_cost_line: sharedLine,
          currency: /^[A-Z]{3}$/.test(currency) ? currency : 'USD',
        };
  const preview = usePreview(input);

  return (
    <Stack spacing={2} sx={{ p: { xs: 1, md: 2 } }}>
      <Typography variant="h5" component="h1">
        Chargeback
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
        <ChoiceField
          label="Showback"
          value={showbackId}
          options={(showbacks.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          onChange={(value) => {
            setTyped({});
            create.reset();
            set('showback_id', value);
          }}
          minWidth={220}
        />
        <ChoiceField
          label="Month"
          value={month}
          options={plainOptions(months)}
          onChange={(v) => set('month', v)}
        />
        <ChoiceField
          label="Cost type"
          value={costType}
          options={plainOptions(COST_TYPE_NAMES)}
          onChange={(v) => set('cost_type', v)}
        />
        <TextField
          label="Currency"
          value={currency}
          onChange={(e) => setCurrency(e.target.value.toUpperCase())}
          sx={{ width: 110 }}
        />
        <FormControlLabel
          control={
            <Switch
              checked={sharedLine}
              onChange={(e) => set('shared_cost_line', String(e.target.checked))}
            />
          }
          label="Shared costs as their own line"
        />
      </Stack>
      {showbacks.isSuccess && showbacks.data.length === 0 ? (
        <Alert severity="info">Create a showback first: a chargeback charges its values.</Alert>
      ) : null}
      {input === null ? <Typography>Choose a showback and a closed month.</Typography> : null}
      {preview.isPending && input !== null ? <BarsLoader /> : null}
      {preview.isError ? <Alert severity="error">{preview.error.message}</Alert> : null}
      {preview.data ? (
        <StatementLinesTable
          statement={preview.data}
          markups={typed}
          onMarkupChange={(value, text) => setTyped((t) => ({ ...t, [value]: text }))}
        />
      ) : null}
      {create.data?.id ? <DraftActions id={create.data.id} version={create.data.version} /> : null}
      {create.isError ? <Alert severity="error">{create.error.message}</Alert> : null}
      {input !== null && !create.isSuccess ? (
        <Stack direction="row">
          <AdminAction reason="Only admins can create and issue statements.">
            {(disabled) => (
              <Button
                variant="contained"
                disabled={disabled || create.isPending}
                onClick={() => create.mutate(input)}
              >
                Create draft
              </Button>
            )}
          </AdminAction>
        </Stack>
      ) : null}
    </Stack>
  );
}
