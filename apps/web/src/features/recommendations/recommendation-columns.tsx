import { RECOMMENDATION_TYPE_INFO, type Recommendation } from '@finlens/contracts/recommendations';
import { formatMoney } from '@finlens/cost-model/format';
import Chip from '@mui/material/Chip';
import { NameAndId } from '../../components/NameAndId';
import type { ServerColumn } from '../../components/ServerTable';

/** The recommendation lists' columns (the server sorts by `sort`). */
export const RECOMMENDATION_COLUMNS: ServerColumn<Recommendation>[] = [
  {
    label: 'Resource',
    sort: 'resource',
    render: (r) => <NameAndId name={r.resource_name} id={r.resource_id} />,
  },
  { label: 'Type', sort: 'type', render: (r) => RECOMMENDATION_TYPE_INFO[r.type].name },
  { label: 'Account', sort: 'account', render: (r) => r.account_name ?? r.account_id },
  { label: 'Region', sort: 'region', render: (r) => r.region },
  { label: 'Action', render: (r) => r.action.description },
  { label: 'Risk', render: (r) => <Chip size="small" label={r.risk} /> },
  {
    label: 'Monthly cost',
    sort: 'cost',
    align: 'right',
    render: (r) => formatMoney(r.saving.current_monthly_cost),
  },
  {
    label: 'Monthly saving',
    sort: 'saving',
    align: 'right',
    render: (r) => formatMoney(r.saving.estimated_monthly_saving),
  },
  {
    label: 'On-demand saving',
    sort: 'on_demand_saving',
    align: 'right',
    render: (r) => formatMoney(r.saving.on_demand_monthly_saving),
  },
  { label: 'Status', render: (r) => r.status },
];
