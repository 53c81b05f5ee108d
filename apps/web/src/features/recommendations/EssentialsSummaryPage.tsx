import { TOTALS_GROUPS, type LedgerTotals as Totals } from '@finlens/contracts/savings-ledger';
import { formatMoney } from '@finlens/cost-model/format';
import { DEFAULT_VERIFICATION_OPTIONS } from '@finlens/cost-model/savings-verification';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { BarsLoader } from '../../components/BarsLoader';
import { EmptyTableRow } from '../../components/EmptyTableRow';
import { FilterToggle } from '../../components/FilterToggle';
import { useLedgerTotals } from '../savings-ledger/api/ledger-totals-query';
import { useEssentialsSummary } from './api/essentials-query';
import { LedgerEntries } from './LedgerEntries';
import { NothingEvaluated } from './RecommendationsPage';

const GROUP_NAMES = {
  storage: 'Storage',
  rightsizing: 'Rightsizing',
  'idle-resources': 'Idle Resources',
} as const;

/** Spec §3 ESSENTIALS_SHARESAVE 'Essentials Summary': what each Essentials page could save, and what the ledger proved. */
export function EssentialsSummaryPage() {
  const summary = useEssentialsSummary();
  return (
    <Box component="section" sx={{ p: 3 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        Essentials Summary
      </Typography>
      {summary.isError ? (
        <Alert severity="error">{summary.error.message}</Alert>
      ) : summary.isPending ? (
        <BarsLoader label="Loading the summary" />
      ) : summary.data.evaluation === null ? (
        <NothingEvaluated />
      ) : (
        <>
          <Typography variant="h6" component="p">
            {formatMoney(summary.data.total_estimated_monthly_saving)} per month ·{' '}
            {formatMoney(summary.data.weekly_saving)} per week
          </Typography>
          <Stack direction="row" spacing={2} sx={{ my: 2, flexWrap: 'wrap' }} useFlexGap>
            {summary.data.groups.map((g) => (
              <Card key={g.group} variant="outlined" sx={{ minWidth: 220 }}>
                <CardActionArea component={RouterLink} to={`/v3/essentials/${g.group}/`}>
                  <CardContent>
                    <Typography variant="subtitle1">{GROUP_NAMES[g.group]}</Typography>
                    <Typography variant="h5">{formatMoney(g.estimated_monthly_saving)}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {g.count} recommendations · on-demand {formatMoney(g.on_demand_monthly_saving)}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            ))}
          </Stack>
        </>
      )}
      <LedgerTotals />
      <LedgerEntries />
    </Box>
  );
}

/** The ledger's totals in a sentence; with nothing in the ledger, what will be there. */
function ledgerSentence(t: Totals): string {
  if (t.rows.length === 0) {
    return 'Nothing acted on yet. Recommendations you accept and resources your schedules stop are tracked here until the bill shows what they saved.';
  }
  const realised =
    t.realised_monthly_saving > 0
      ? `${formatMoney(t.realised_monthly_saving)} a month`
      : t.realised_to_date > 0
        ? 'nothing more each month'
        : `nothing verified yet (the bill needs ${DEFAULT_VERIFICATION_OPTIONS.minAfterDays} days after a change)`;
  const toDate = t.realised_to_date > 0 ? `, ${formatMoney(t.realised_to_date)} saved so far` : '';
  return `Estimated ${money(t.estimated_monthly_saving)} a month, of which ${money(t.applied_monthly_saving)} applied; realised on the bill: ${realised}${toDate}.`;
}

/** A total that may be zero: $0.00 rather than the grid's '-'. */
const money = (value: number) => (value === 0 ? '$0.00' : formatMoney(value));

type TotalsGroup = (typeof TOTALS_GROUPS)[number];

/** The ledger's totals per month accepted, account or showback value (`ledger_totals` in the address). */
const TOTALS_BY = {
  month: { label: 'Month accepted', table: 'Savings per month' },
  account: { label: 'Account', table: 'Savings per account' },
  showback_value: { label: 'Showback value', table: 'Savings per showback value' },
} as const satisfies Record<TotalsGroup, { label: string; table: string }>;

function LedgerTotals() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('ledger_totals');
  const group: TotalsGroup = TOTALS_GROUPS.find((g) => g === raw) ?? 'month';
  const totals = useLedgerTotals(group);
  const heading = (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
        Savings acted on
      </Typography>
      <FilterToggle<TotalsGroup>
        label="Totals by"
        value={group}
        options={TOTALS_GROUPS.map((value) => ({ value, label: TOTALS_BY[value].label }))}
        onChange={(next) => {
          const updated = new URLSearchParams(params);
          if (next === 'month') updated.delete('ledger_totals');
          else updated.set('ledger_totals', next);
          setParams(updated, { replace: true });
        }}
      />
    </Stack>
  );
  if (totals.isPending)
    return (
      <Box component="section" aria-label="Savings ledger totals" sx={{ mt: 3 }}>
        {heading}
        <BarsLoader label="Loading the savings ledger" />
      </Box>
    );
  if (totals.isError) return <Alert severity="error">{totals.error.message}</Alert>;
  const t = totals.data;
  return (
    <Box component="section" aria-label="Savings ledger totals" sx={{ mt: 3 }}>
      {heading}
      <Typography variant="body2" color="text.secondary">
        {ledgerSentence(t)}
      </Typography>
      <Table size="small" aria-label={TOTALS_BY[group].table}>
        <TableHead>
          <TableRow>
            <TableCell>{TOTALS_BY[group].label}</TableCell>
            <TableCell align="right">Entries</TableCell>
            <TableCell align="right">Estimated</TableCell>
            <TableCell align="right">Applied</TableCell>
            <TableCell align="right">Realised</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <EmptyTableRow rowCount={t.rows.length} columns={5} />
          {t.rows.map((row) => (
            <TableRow key={row.key}>
              <TableCell>{row.key}</TableCell>
              <TableCell align="right">{row.entries}</TableCell>
              <TableCell align="right">{formatMoney(row.estimated_monthly_saving)}</TableCell>
              <TableCell align="right">{formatMoney(row.applied_monthly_saving)}</TableCell>
              <TableCell align="right">{formatMoney(row.realised_monthly_saving)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
