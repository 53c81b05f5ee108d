import { type CostTarget, DEFAULT_TARGET_MONTHS } from '@finlens/contracts/cost-targets';
import { formatMoney } from '@finlens/cost-model/format';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useState } from 'react';
import { useIsAdmin } from '../../components/AdminAction';
import { HeaderRow } from '../../components/HeaderRow';
import { RowErrorsTable } from '../../components/RowErrorsTable';
import { useCreatePlannings } from './api/create-plannings-mutation';
import { fetchPlanCsv } from './api/plan-csv-query';
import { usePlannings } from './api/plannings-query';
import { useSavePlanning } from './api/save-planning-mutation';
import { useUploadPlanCsv } from './api/upload-plan-csv-mutation';
import { PlanHistory } from './PlanHistory';
import { csvRowErrors, planMonths } from './target-view';

/** Saves `text` as a file download (the plan CSV). */
function downloadText(text: string, fileName: string) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(link.href);
}

function SmallNumber(props: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  width: number;
}) {
  return (
    <TextField
      label={props.label}
      type="number"
      size="small"
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      sx={{ width: props.width }}
    />
  );
}

/**
 * The monthly plan of a bottom-up target: one amount per month, filled from a lookback or a growth rate,
 * edited by hand or as CSV (month,amount). A CSV with a bad row changes nothing and lists every bad cell.
 */
export function PlanEditor({ target }: { target: CostTarget }) {
  const readOnly = !useIsAdmin();
  const plannings = usePlannings(target.id);
  const create = useCreatePlannings(target.id);
  const savePlanning = useSavePlanning(target.id);
  const upload = useUploadPlanCsv(target.id);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [lookback, setLookback] = useState('3');
  const [growth, setGrowth] = useState('5');
  const [baseAmount, setBaseAmount] = useState('');
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);

  const months = planMonths(target, DEFAULT_TARGET_MONTHS);
  const saved = new Map((plannings.data ?? []).map((p) => [p.month, p.amount]));
  const changed = Object.entries(drafts).filter(
    ([month, text]) => text !== '' && Number(text) !== saved.get(month),
  );
  const total = months.reduce((sum, month) => sum + (Number(drafts[month] ?? saved.get(month) ?? 0) || 0), 0);

  const done = (text: string) => {
    setDrafts({});
    setMessage({ severity: 'success', text });
  };
  const failed = (error: Error) => setMessage({ severity: 'error', text: error.message });
  const savePlan = async () => {
    setMessage(null);
    try {
      for (const [month, text] of changed) await savePlanning.mutateAsync({ month, amount: Number(text) });
      done('Plan saved.');
    } catch (error) {
      failed(error as Error);
    }
  };
  const fromLookback = () =>
    create.mutate(
      { method: 'lookback', lookback_months: Number(lookback) },
      { onSuccess: () => done('Plan created from the lookback.'), onError: failed },
    );
  const fromGrowth = () =>
    create.mutate(
      {
        method: 'growth',
        growth_rate_percent: Number(growth),
        ...(baseAmount === '' ? {} : { base_amount: Number(baseAmount) }),
      },
      { onSuccess: () => done('Plan created from the growth rate.'), onError: failed },
    );
  const uploadFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file === undefined) return;
    setMessage(null);
    upload.mutate(await file.text(), { onSuccess: () => done(`Plan uploaded from ${file.name}.`) });
  };
  const rowErrors = upload.isError ? csvRowErrors(upload.error) : [];

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Plan">
      <Typography variant="h6" component="h2" gutterBottom>
        Plan
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}>
        <SmallNumber label="Lookback months" value={lookback} onChange={setLookback} width={150} />
        <Button
          onClick={fromLookback}
          disabled={readOnly}
          loading={create.isPending && create.variables?.method === 'lookback'}
        >
          Create from lookback
        </Button>
        <SmallNumber label="Growth rate % per month" value={growth} onChange={setGrowth} width={190} />
        <SmallNumber label="Base amount (optional)" value={baseAmount} onChange={setBaseAmount} width={190} />
        <Button
          onClick={fromGrowth}
          disabled={readOnly}
          loading={create.isPending && create.variables?.method === 'growth'}
        >
          Apply growth rate
        </Button>
        <Button
          startIcon={<FileDownloadOutlined />}
          onClick={() =>
            fetchPlanCsv(target.id).then((csv) => downloadText(csv, `${target.name}-plan.csv`), failed)
          }
        >
          Download CSV
        </Button>
        <Button
          component="label"
          startIcon={<FileUploadOutlined />}
          loading={upload.isPending}
          disabled={readOnly}
        >
          Upload CSV
          <input type="file" accept=".csv,text/csv" hidden aria-label="Plan CSV file" onChange={uploadFile} />
        </Button>
      </Stack>
      {message === null ? null : (
        <Alert severity={message.severity} sx={{ mb: 2 }}>
          {message.text}
        </Alert>
      )}
      {upload.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {rowErrors.length === 0
            ? upload.error.message
            : 'The file was not applied. Fix these rows and upload it again:'}
          {rowErrors.length === 0 ? null : (
            <RowErrorsTable
              label="CSV errors"
              whereLabel="Row"
              errors={rowErrors.map((e) => ({ ...e, where: e.row === 0 ? 'Header' : `Row ${e.row}` }))}
            />
          )}
        </Alert>
      ) : null}
      {plannings.isError ? <Alert severity="error">{plannings.error.message}</Alert> : null}
      <Table size="small" aria-label="Monthly plan">
        <HeaderRow labels={['Month', 'Amount (USD)']} />
        <TableBody>
          {months.map((month) => (
            <TableRow key={month}>
              <TableCell>{month}</TableCell>
              <TableCell>
                <TextField
                  type="number"
                  size="small"
                  slotProps={{ htmlInput: { 'aria-label': `Plan for ${month}`, min: 0, step: 'any' } }}
                  value={drafts[month] ?? String(saved.get(month) ?? '')}
                  onChange={(event) => setDrafts((current) => ({ ...current, [month]: event.target.value }))}
                />
              </TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell>Total</TableCell>
            <TableCell>{formatMoney(total)}</TableCell>
          </TableRow>
        </TableBody>
      </Table>
      <Button
        variant="contained"
        sx={{ mt: 2 }}
        disabled={readOnly || changed.length === 0}
        loading={savePlanning.isPending}
        onClick={savePlan}
      >
        Save plan
      </Button>
      <PlanHistory targetId={target.id} />
    </Paper>
  );
}
