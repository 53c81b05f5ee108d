import { formatMoney } from '@finlens/cost-model/format';
import { dataDelayNotice } from '@finlens/cost-model/range-presets';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { useStartupStore } from '../lib/startup-store';

/** Month-to-date spend in the app bar once the start-up chain has loaded it; nothing without a project. */
export function MtdSpendChip() {
  const hasProject = useStartupStore((state) => state.hasProject);
  const spend = useStartupStore((state) => state.spendData);
  if (!hasProject || spend === null) return null;
  // Spec §9: on the 1st and 2nd the month's data may be unpublished (spec §8's text on a quarter's first).
  const notice = spend.start_of_month_window ? dataDelayNotice(new Date()) : null;
  const note = notice === null ? '' : ` ${notice.message}`;
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
