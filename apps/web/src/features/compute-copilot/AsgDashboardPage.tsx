import type { AsgGroup } from '@finlens/contracts/compute-copilot';
import type { ColDef } from 'ag-grid-community';
import { Chart } from '../../components/Chart';
import { useAsgDashboard } from './api/compute-copilot-query';
import { ADVICE_LABELS, groupKey, monthlySaving, policyText } from './asg-view';
import {
  ASG_NEEDS_CPU,
  AwaitingCpu,
  amountColumn,
  CopilotPage,
  detailsPath,
  Figure,
  Figures,
  GridSection,
  money,
  PageLink,
  Section,
  share,
  useCopilotRange,
} from './copilot-kit';

type Advice = AsgGroup['advice'][number] & { group: AsgGroup };

function groupColumns(days: string, currency: string): ColDef<AsgGroup>[] {
  const amount = (headerName: string, get: (g: AsgGroup) => number) =>
    amountColumn(headerName, get, currency);
  return [
    {
      colId: 'name',
      headerName: 'Group',
      valueGetter: ({ data }) => data?.name ?? '',
      cellRenderer: ({ data }: { data?: AsgGroup }) =>
        data ? <PageLink to={detailsPath('asg', groupKey(data), days)}>{data.name}</PageLink> : null,
      flex: 2,
      minWidth: 260,
    },
    {
      colId: 'account',
      headerName: 'Account',
      valueGetter: ({ data }) => data?.account_name ?? data?.account_id,
    },
    { field: 'region', headerName: 'Region' },
    {
      colId: 'capacity',
      headerName: 'Min / desired / max',
      valueGetter: ({ data }) =>
        data ? `${data.min_size} / ${data.desired_capacity} / ${data.max_size}` : '',
    },
    {
      colId: 'types',
      headerName: 'Instance types',
      valueGetter: ({ data }) => data?.instance_types.join(', '),
      minWidth: 200,
    },
    {
      colId: 'purchase',
      headerName: 'On-demand / spot',
      valueGetter: ({ data }) =>
        data ? `${data.purchase_options.on_demand} / ${data.purchase_options.spot}` : '',
    },
    {
      colId: 'policy',
      headerName: 'Mixed-instances policy',
      valueGetter: ({ data }) => (data ? policyText(data) : ''),
      flex: 2,
      minWidth: 420,
    },
    amount('Effective cost', (g) => g.cost.effective),
    amount('Per month', (g) => g.cost.monthly_effective),
    {
      colId: 'cpu',
      headerName: 'CPU avg / p95',
      valueGetter: ({ data }) =>
        data?.utilisation
          ? `${data.utilisation.cpu_avg.toFixed(1)} % / ${data.utilisation.cpu_p95.toFixed(1)} %`
          : '—',
    },
    amount('Saving a month', monthlySaving),
  ];
}

const adviceColumns = (days: string, currency: string): ColDef<Advice>[] => [
  {
    colId: 'group',
    headerName: 'Group',
    valueGetter: ({ data }) => data?.group.name ?? '',
    cellRenderer: ({ data }: { data?: Advice }) =>
      data ? (
        <PageLink to={detailsPath('asg', groupKey(data.group), days)}>{data.group.name}</PageLink>
      ) : null,
    minWidth: 260,
  },
  {
    colId: 'type',
    headerName: 'Recommendation',
    valueGetter: ({ data }) => (data ? ADVICE_LABELS[data.type] : ''),
  },
  { field: 'title', headerName: 'What to do', flex: 2 },
  amountColumn<Advice>('Saving a month', (a) => a.monthly_saving, currency, { sort: 'desc' }),
  { field: 'risk', headerName: 'Risk' },
];

/** ASG Dashboard: every Auto Scaling group with its instances' cost and CPU, policy and what to change. */
export function AsgDashboardPage() {
  const { range, days, setDays } = useCopilotRange();
  const query = useAsgDashboard(range);
  const data = query.data;
  const currency = data?.currency ?? 'USD';
  const advice = (data?.groups ?? []).flatMap((group) => group.advice.map((a) => ({ ...a, group })));
  return (
    <CopilotPage
      title="ASG Dashboard"
      subtitle="Auto Scaling groups from the last inventory collection, priced from their instances' own bill lines."
      days={days}
      onDays={setDays}
      answered={data}
      pending={query.isPending}
      error={query.error}
    >
      {data && data.groups.length === 0 ? (
        <Section title="No Auto Scaling groups">
          No Auto Scaling group in the inventory: connect a cloud account in Settings → Cloud Accounts and
          collect it.
        </Section>
      ) : null}
      {data && data.groups.length > 0 ? (
        <>
          <AwaitingCpu
            awaited={data.totals.instances_awaiting_cpu}
            instances={data.totals.instances}
            needs={ASG_NEEDS_CPU}
          />
          <Figures>
            <Figure label="Groups" value={String(data.totals.groups)} />
            <Figure
              label="Instances"
              value={String(data.totals.instances)}
              hint={`${data.totals.spot_instances} on spot`}
            />
            <Figure
              label="Effective cost"
              value={money(data.totals.effective, currency)}
              hint={`${share(data.totals.on_demand > 0 ? 1 - data.totals.effective / data.totals.on_demand : null)} below on demand`}
            />
            <Figure label="Possible saving a month" value={money(data.totals.monthly_saving, currency)} />
          </Figures>
          {/* Effective cost beside its on-demand equivalent (not stacked: they are not a sum). */}
          <Chart
            kind="grouped"
            label="Cost per group: effective and on-demand equivalent"
            categories={data.groups.map((g) => g.name)}
            series={[
              { name: 'On-demand equivalent', values: data.groups.map((g) => g.cost.on_demand) },
              { name: 'Effective', values: data.groups.map((g) => g.cost.effective) },
            ]}
            formatValue={(v) => money(v, currency)}
            height={260}
          />
          <GridSection<AsgGroup>
            title="Groups"
            label="Auto Scaling groups"
            rows={data.groups}
            columns={groupColumns(days, currency)}
            csv="auto-scaling-groups"
            rowId={(g) => `${g.project_id}/${groupKey(g)}`}
          />
          <GridSection<Advice>
            title="Recommendations"
            label="ASG recommendations"
            rows={advice}
            columns={adviceColumns(days, currency)}
            csv="asg-recommendations"
            rowId={(a) => `${a.group.project_id}/${groupKey(a.group)}/${a.type}`}
          />
        </>
      ) : null}
    </CopilotPage>
  );
}
