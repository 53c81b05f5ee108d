import { type ContainersSummary, FOCUS_SPLIT_DATA_ACTION } from '@finlens/contracts/containers';
import { formatMoney } from '@finlens/cost-model/format';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import { type SimpleColumn, SimpleTable } from '../../components/SimpleTable';

type Missing = ContainersSummary['clusters_without_split_data'][number];

const COLUMNS: SimpleColumn<Missing>[] = [
  { label: 'Cluster', render: (c) => c.cluster_name },
  { label: 'Account', render: (c) => c.account_id ?? '—' },
  { label: 'Region', render: (c) => c.region ?? '—' },
  { label: 'Cost in the bill', align: 'right', render: (c) => formatMoney(c.cost) },
];

/** Titles of the notice: clusters only a FOCUS export names need a different export, not a switch. */
const titleOf = (action: string) =>
  action === FOCUS_SPLIT_DATA_ACTION
    ? 'Clusters your FOCUS export names: no split cost allocation data in FOCUS'
    : 'Clusters without split cost allocation data';

/**
 * EKS clusters the bill names without pod rows, and what to do so their pods get a cost: one notice per action
 * (switch split cost allocation data on, or, for clusters only a FOCUS export names, import a CUR with it).
 */
export function SplitDataMissing({ clusters }: { clusters: readonly Missing[] }) {
  const actions = [...new Set(clusters.map((c) => c.action))];
  return (
    <Stack spacing={2}>
      {actions.map((action) => (
        <Alert key={action} severity="warning" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
          <AlertTitle>{titleOf(action)}</AlertTitle>
          {action}
          <SimpleTable
            label={titleOf(action)}
            columns={COLUMNS}
            rows={clusters.filter((c) => c.action === action)}
            rowKey={(c) => c.cluster_name}
          />
        </Alert>
      ))}
    </Stack>
  );
}
