import { formatMoney } from '@finlens/cost-model/format';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { useStartupStore } from '../startup-store';

/** Month-to-date spend in the app bar once the start-up chain has loaded it; nothing without a project. */
export function MtdSpendChip() {
  const hasProject = useStartupStore((state) => state.hasProject);
  const spend = useStartupStore((state) => state.spendData);
  if (!hasProject || spend === null) return null;
  // Spec §9: on the 1st and 2nd the month's billing data may not be published yet.
  const note = spend.start_of_month_window ? ' The month has just begun: data may not be published yet.' : '';
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
