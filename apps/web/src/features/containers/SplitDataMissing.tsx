import type { ContainersSummary } from '@finlens/contracts/containers';
import { formatMoney } from '@finlens/cost-model/format';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { type SimpleColumn, SimpleTable } from '../../components/SimpleTable';

type Missing = ContainersSummary['clusters_without_split_data'][number];

const COLUMNS: SimpleColumn<Missing>[] = [
  { label: 'Cluster', render: (c) => c.cluster_name },
  { label: 'Account', render: (c) => c.account_id ?? '—' },
  { label: 'Region', render: (c) => c.region ?? '—' },
  { label: 'Cost in the bill', align: 'right', render: (c) => formatMoney(c.cost) },
];

/** EKS clusters the bill names without pod rows, and what to switch on so their pods get a cost. */
export function SplitDataMissing({ clusters }: { clusters: readonly Missing[] }) {
  return (
    <Alert severity="warning" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
      <AlertTitle>Clusters without split cost allocation data</AlertTitle>
      {clusters[0]?.action}
      <SimpleTable
        label="Clusters without split cost allocation data"
        columns={COLUMNS}
        rows={clusters}
        rowKey={(c) => c.cluster_name}
      />
    </Alert>
  );
}
