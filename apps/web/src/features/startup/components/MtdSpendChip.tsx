import { ERROR_MESSAGES } from '@finlens/contracts/errors';
import { formatMoney } from '@finlens/cost-model/format';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { useStartupStore } from '../startup-store';

/** Month-to-date spend in the app bar once the start-up chain has loaded it; nothing without a project. */
export function MtdSpendChip() {
  const hasProject = useStartupStore((state) => state.hasProject);
  const spend = useStartupStore((state) => state.spendData);
  if (!hasProject || spend === null) return null;
  const note = startOfMonthNote(spend.start_of_month_window, new Date());
  const asOf = spend.as_of === null ? 'No billing data yet.' : `Data through ${spend.as_of}.`;
  return (
    <Tooltip title={`Month-to-date spend (unblended). ${asOf}${note}`}>
      <Chip
        label={`MTD ${formatMoney(spend.mtd_spend, spend.currency)}`}
        size="small"
        variant="outlined"
        sx={{ color: 'inherit', borderColor: 'currentColor', mr: 1 }}
      />
    </Tooltip>
  );
}

/** Spec §9: on the 1st and 2nd the month's data may be unpublished; spec §8 has its own text for a quarter's first. */
function startOfMonthNote(startOfMonthWindow: boolean, today: Date): string {
  if (!startOfMonthWindow) return '';
  if (today.getUTCMonth() % 3 === 0) return ` ${ERROR_MESSAGES.quarterStart}`;
  return ' The month has just begun: its data may not be published yet.';
}
