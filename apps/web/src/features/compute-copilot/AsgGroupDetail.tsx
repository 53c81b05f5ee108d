import type { AsgGroup } from '@finlens/contracts/compute-copilot';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ColDef } from 'ag-grid-community';
import { type SimpleColumn, SimpleTable } from '../../components/SimpleTable';
import { useAsgDashboard } from './api/compute-copilot-query';
import { ADVICE_LABELS, adviceRecommendationsPath, groupKey, policyText } from './asg-view';
import {
  ASG_NEEDS_CPU,
  AwaitingCpu,
  amountColumn,
  COPILOT,
  CopilotPage,
  detailsPath,
  Figure,
  Figures,
  GridSection,
  money,
  PageLink,
  Section,
  useCopilotRange,
} from './copilot-kit';
import { ScalingActivities } from './ScalingActivities';

type Instance = AsgGroup['instances'][number];
type Change = AsgGroup['scaling_history'][number];

const instanceColumns = (days: string, currency: string): ColDef<Instance>[] => [
  {
    field: 'id',
    headerName: 'Instance',
    cellRenderer: ({ data }: { data?: Instance }) =>
      data ? <PageLink to={detailsPath('resource', data.id, days)}>{data.id}</PageLink> : null,
    flex: 2,
    minWidth: 210,
  },
  { field: 'instance_type', headerName: 'Type' },
  { field: 'lifecycle', headerName: 'Purchase option' },
  { field: 'state', headerName: 'State' },
  { field: 'availability_zone', headerName: 'Zone' },
  amountColumn<Instance>('Effective cost', (i) => i.effective, currency),
  amountColumn<Instance>('On-demand equivalent', (i) => i.on_demand, currency),
  {
    colId: 'cpu',
    headerName: 'CPU avg / p95',
    valueGetter: ({ data }) =>
      data?.cpu_avg == null ? '—' : `${data.cpu_avg.toFixed(1)} % / ${(data.cpu_p95 ?? 0).toFixed(1)} %`,
  },
];

const HISTORY_COLUMNS: SimpleColumn<Change>[] = [
  { label: 'When', render: (c) => c.at.slice(0, 16).replace('T', ' ') },
  { label: 'Change', render: (c) => c.change },
  {
    label: 'Fields',
    render: (c) =>
      c.fields.map((f) => `${f.field}: ${JSON.stringify(f.before)} → ${JSON.stringify(f.after)}`).join('; '),
  },
];

/** One Auto Scaling group: policy, instances, what to change and the capacity changes collection saw. */
export function AsgGroupDetail({ groupKey: key }: { groupKey: string }) {
  const { range, days, setDays } = useCopilotRange();
  const query = useAsgDashboard(range);
  const group = query.data?.groups.find((g) => groupKey(g) === key) ?? null;
  const currency = query.data?.currency ?? 'USD';
  return (
    <CopilotPage
      title="Compute Copilot Details"
      name={group?.name ?? key.split('/').pop() ?? key}
      subtitle={group ? `${group.account_name ?? group.account_id} · ${group.region}` : undefined}
      days={days}
      onDays={setDays}
      answered={query.data}
      pending={query.isPending}
      error={query.error}
    >
      <PageLink to={`${COPILOT}/asg/dashboard/?days=${days}`}>← ASG Dashboard</PageLink>
      {group === null ? (
        <Alert severity="warning">The inventory lists no Auto Scaling group {key}.</Alert>
      ) : (
        <>
          <AwaitingCpu
            awaited={group.cpu_awaited}
            instances={group.instances.filter((i) => i.state === 'running').length}
            needs={ASG_NEEDS_CPU}
          />
          <Figures>
            <Figure
              label="Min / desired / max"
              value={`${group.min_size} / ${group.desired_capacity} / ${group.max_size}`}
            />
            <Figure label="Effective cost" value={money(group.cost.effective, currency)} />
            <Figure label="On-demand equivalent" value={money(group.cost.on_demand, currency)} />
            <Figure label="Per month" value={money(group.cost.monthly_effective, currency)} />
            <Figure
              label="CPU avg / p95"
              value={
                group.utilisation
                  ? `${group.utilisation.cpu_avg.toFixed(1)} % / ${group.utilisation.cpu_p95.toFixed(1)} %`
                  : '—'
              }
              hint={
                group.utilisation
                  ? `last ${group.utilisation.days} days`
                  : group.cpu_awaited > 0
                    ? 'awaiting the metrics collection'
                    : 'no metrics collected'
              }
            />
          </Figures>
          <Typography aria-label="Mixed-instances policy">{policyText(group)}</Typography>
          <Section title="Recommendations">
            {group.advice.length === 0 ? (
              <Typography color="text.secondary">Nothing to change.</Typography>
            ) : null}
            {group.advice.map((a) => (
              <Paper key={a.type} variant="outlined" sx={{ p: 2 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Chip size="small" label={ADVICE_LABELS[a.type]} />
                  <Typography sx={{ fontWeight: 600 }}>{a.title}</Typography>
                  <Typography color="text.secondary">
                    {money(a.monthly_saving, currency)} a month · {a.risk} risk
                  </Typography>
                </Stack>
                <Typography variant="body2">{a.detail}</Typography>
                <PageLink to={adviceRecommendationsPath(a.type, group.name)}>
                  Review and apply the recommendation
                </PageLink>
              </Paper>
            ))}
          </Section>
          <GridSection<Instance>
            title="Instances"
            label={`Instances of ${group.name}`}
            rows={group.instances}
            columns={instanceColumns(days, currency)}
            csv={`asg-${group.name}-instances`}
            rowId={(instance) => instance.id}
          />
          <ScalingActivities group={group} />
          <Section title="Scaling history">
            <SimpleTable
              label="Scaling history"
              columns={HISTORY_COLUMNS}
              rows={group.scaling_history}
              rowKey={(c) => `${c.at}/${c.change}`}
            />
          </Section>
        </>
      )}
    </CopilotPage>
  );
}
