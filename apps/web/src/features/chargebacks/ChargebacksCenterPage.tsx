import { STATEMENT_STATUSES, type StatementsQuery } from '@finlens/contracts/chargebacks';
import { utcDay } from '@finlens/cost-model/utc-calendar';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { BarsLoader } from '../../components/BarsLoader';
import { useCurrentUser } from '../auth/api/current-user-query';
import { useShowbackChoices } from './api/showbacks-query';
import { useStatements } from './api/statements-query';
import { ChoiceField, plainOptions } from './ChoiceField';
import { StatementPanel } from './StatementPanel';
import { StatementsTable } from './StatementsTable';
import { closedMonths, STATUS_LABELS } from './statement-view';

const ALL = 'all';

/** The center's filters and open statement, kept in the URL. */
function useCenterParams() {
  const [params, setParams] = useSearchParams();
  const set = (key: string, value: string | null) =>
    setParams((next) => {
      if (value === null || value === ALL) next.delete(key);
      else next.set(key, value);
      return next;
    });
  const status = STATEMENT_STATUSES.find((s) => s === params.get('status'));
  const query: StatementsQuery = {
    ...(params.get('month') ? { month: params.get('month') ?? '' } : {}),
    ...(params.get('showback_id') ? { showback_id: params.get('showback_id') ?? '' } : {}),
    ...(status ? { status } : {}),
  };
  return { query, open: params.get('statement'), set };
}

/** Chargebacks Center (/v3/cost/chargebacks-center/): statements by month, showback and status; open, export, void. */
export function ChargebacksCenterPage() {
  const { query, open, set } = useCenterParams();
  const statements = useStatements(query);
  const showbacks = useShowbackChoices();
  const isAdmin = useCurrentUser().data?.is_admin ?? false;
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, md: 2 } }}>
      <Typography variant="h5" component="h1">
        Chargebacks Center
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <ChoiceField
          label="Month"
          value={query.month ?? ALL}
          options={[
            { value: ALL, label: 'All months' },
            ...plainOptions(closedMonths(utcDay(new Date()), 24)),
          ]}
          onChange={(v) => set('month', v)}
        />
        <ChoiceField
          label="Showback"
          value={query.showback_id ?? ALL}
          options={[
            { value: ALL, label: 'All showbacks' },
            ...(showbacks.data ?? []).map((s) => ({ value: s.id, label: s.name })),
          ]}
          onChange={(v) => set('showback_id', v)}
          minWidth={200}
        />
        <ChoiceField
          label="Status"
          value={query.status ?? ALL}
          options={[
            { value: ALL, label: 'All statuses' },
            ...STATEMENT_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
          ]}
          onChange={(v) => set('status', v)}
        />
      </Stack>
      {statements.isPending ? <BarsLoader /> : null}
      {statements.isError ? <Alert severity="error">{statements.error.message}</Alert> : null}
      {statements.data ? (
        <StatementsTable statements={statements.data.statements} onOpen={(id) => set('statement', id)} />
      ) : null}
      {open === null ? null : (
        <StatementPanel key={open} id={open} isAdmin={isAdmin} onOpen={(id) => set('statement', id)} />
      )}
    </Stack>
  );
}
