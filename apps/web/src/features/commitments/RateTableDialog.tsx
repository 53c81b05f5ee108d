import {
  COMMITMENT_RATE_KINDS,
  COMMITMENT_TERMS,
  type CommitmentRateKind,
  PAYMENT_OPTIONS,
  type RateOverrideFigure,
  type RateTable,
} from '@finlens/contracts/commitments';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useIsAdmin } from '../../components/AdminAction';
import { FormActions } from '../../components/FormActions';
import { fieldErrorsOf } from '../../components/form-errors';
import { type SimpleColumn, SimpleTable } from '../../components/SimpleTable';
import { useRateTable, useSaveRateOverridesMutation } from './api/commitments-query';
import { formatShare, hundredths, PROVENANCE_LABELS } from './commitment-format';

const KIND_LABELS: Record<CommitmentRateKind, string> = {
  compute_savings_plan: 'Compute Savings Plan',
  ec2_standard_ri: 'EC2 standard RI (Linux, shared tenancy)',
  rds_ri: 'RDS RI (open-source engines)',
};

type Cell = Omit<RateOverrideFigure, 'rate_ratio'>;
const keyOf = (c: Cell) => `${c.kind}|${c.term}|${c.payment_option}`;
const CELLS: Cell[] = COMMITMENT_RATE_KINDS.flatMap((kind) =>
  COMMITMENT_TERMS.flatMap((term) =>
    PAYMENT_OPTIONS.map((payment_option) => ({ kind, term, payment_option })),
  ),
);
const PERCENT_MESSAGE = 'Enter a percentage above 0, at most 100.';

/** The typed percentages as the API's figures, or the message of each field that is not one. */
function figuresOf(texts: Record<string, string>) {
  const overrides: RateOverrideFigure[] = [];
  const errors: Record<string, string> = {};
  for (const cell of CELLS) {
    const text = texts[keyOf(cell)]?.trim() ?? '';
    if (text === '') continue;
    const percent = Number(text);
    if (!Number.isFinite(percent) || percent <= 0 || percent > 100) errors[keyOf(cell)] = PERCENT_MESSAGE;
    else overrides.push({ ...cell, rate_ratio: percent / 100 });
  }
  return { overrides, errors };
}

/**
 * The rate table the purchase analyses use where the bill has no commitment of the term and payment option: the
 * documented figure of each cell and the client's own, which admins set (a blank field keeps the table's). Members
 * read it. The server's 400 lands under the cell it names.
 */
export function RateTableDialog({ onClose }: { onClose: () => void }) {
  const rates = useRateTable();
  return (
    <Dialog open onClose={onClose} aria-labelledby="rate-table-title" fullWidth maxWidth="md">
      <DialogTitle id="rate-table-title">Commitment rate table</DialogTitle>
      {rates.data ? (
        <RateTableForm rates={rates.data} onClose={onClose} />
      ) : (
        <DialogContent>
          {rates.isError ? <Alert severity="error">{rates.error.message}</Alert> : null}
          {rates.isPending ? (
            <Skeleton variant="rounded" height={200} aria-label="Loading the rate table" />
          ) : null}
        </DialogContent>
      )}
    </Dialog>
  );
}

function RateTableForm({ rates, onClose }: { rates: RateTable; onClose: () => void }) {
  const isAdmin = useIsAdmin();
  const save = useSaveRateOverridesMutation();
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries(rates.overrides.map((o) => [keyOf(o), hundredths(o.rate_ratio)])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const documented = new Map(rates.table.map((entry) => [keyOf(entry), entry]));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const { overrides, errors: typed } = figuresOf(texts);
    setErrors(typed);
    if (Object.keys(typed).length > 0) return;
    try {
      await save.mutateAsync(overrides);
      onClose();
    } catch (error) {
      // `overrides.3.rate_ratio` names the fourth figure sent: put its message under that cell's field.
      const placed: Record<string, string> = {};
      for (const [field, [message]] of Object.entries(fieldErrorsOf(error))) {
        const sent = overrides[Number(field.split('.')[1])];
        if (field.startsWith('overrides.') && sent && message) placed[keyOf(sent)] = message;
      }
      setErrors(placed);
      if (Object.keys(placed).length === 0)
        setFormError(error instanceof Error ? error.message : 'Something went wrong.');
    }
  };

  const columns: SimpleColumn<Cell>[] = [
    { label: 'Commitment', render: (c) => KIND_LABELS[c.kind] },
    { label: 'Term', render: (c) => (c.term === '1yr' ? '1 year' : '3 years'), sx: { whiteSpace: 'nowrap' } },
    { label: 'Payment option', render: (c) => c.payment_option, sx: { whiteSpace: 'nowrap' } },
    {
      label: 'Rate table',
      render: (c) => {
        const entry = documented.get(keyOf(c));
        return entry
          ? `${formatShare(entry.rate_ratio)} (${PROVENANCE_LABELS[entry.provenance]})`
          : 'No figure';
      },
    },
    {
      label: 'Your organisation’s rate',
      render: (c) => (
        <TextField
          size="small"
          inputMode="decimal"
          value={texts[keyOf(c)] ?? ''}
          disabled={!isAdmin}
          placeholder="Table’s"
          error={errors[keyOf(c)] !== undefined}
          helperText={errors[keyOf(c)]}
          onChange={(event) => setTexts((current) => ({ ...current, [keyOf(c)]: event.target.value }))}
          slotProps={{
            htmlInput: {
              'aria-label': `Your rate for ${KIND_LABELS[c.kind]}, ${c.term}, ${c.payment_option}`,
            },
            input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
          }}
          sx={{ width: 130 }}
        />
      ),
    },
  ];

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Commitment rate table">
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Commitment rate as a percentage of the on-demand rate. The purchase analyses read the bill’s own
          rate where it has commitments of the term and payment option; otherwise your organisation’s rate,
          else the table’s.{' '}
          {isAdmin ? 'Leave a field blank to keep the table’s figure.' : 'Only admins change them.'}
        </Typography>
        {formError === null ? null : <Alert severity="error">{formError}</Alert>}
        <SimpleTable label="Rate table" columns={columns} rows={CELLS} rowKey={keyOf} />
      </DialogContent>
      {isAdmin ? (
        <>
          <DialogActions sx={{ justifyContent: 'flex-start', px: 3, py: 0 }}>
            <Button onClick={() => setTexts({})}>Use the table’s figures</Button>
          </DialogActions>
          <FormActions submitLabel="Save" pending={save.isPending} onCancel={onClose} />
        </>
      ) : (
        <DialogActions>
          <Button onClick={onClose}>Close</Button>
        </DialogActions>
      )}
    </form>
  );
}
