import type { planningHistorySchema } from '@finlens/contracts/cost-targets';
import { formatMoney, formatUtcDate } from '@finlens/cost-model/format';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import type { z } from 'zod';
import { type SimpleColumn, SimpleTable } from '../../components/SimpleTable';
import { usePlanHistory } from './api/plan-history-query';

const SOURCE_LABELS = {
  manual: 'By hand',
  csv: 'CSV upload',
  lookback: 'Lookback',
  growth: 'Growth rate',
} as const;
/** The newest changes shown under the plan. */
const SHOWN = 20;

type PlanChange = z.infer<typeof planningHistorySchema>;

const COLUMNS: SimpleColumn<PlanChange>[] = [
  { label: 'When', render: (row) => formatUtcDate(row.changed_at, 'isoDateTime') },
  { label: 'Month', render: (row) => row.month },
  { label: 'Change', render: (row) => `${formatMoney(row.before)} → ${formatMoney(row.after)}` },
  { label: 'How', render: (row) => SOURCE_LABELS[row.source] },
  { label: 'Who', render: (row) => row.changed_by?.email ?? '-' },
];

/** Who changed which month of the plan, when, and from what to what. */
export function PlanHistory({ targetId }: { targetId: string }) {
  const history = usePlanHistory(targetId);
  if (history.isError) return <Alert severity="error">{history.error.message}</Alert>;
  return (
    <>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 3 }}>
        Plan history
      </Typography>
      <SimpleTable
        label="Plan history"
        columns={COLUMNS}
        rows={(history.data ?? []).slice(0, SHOWN)}
        rowKey={(row) => row.id}
        pending={history.isPending}
      />
    </>
  );
}
