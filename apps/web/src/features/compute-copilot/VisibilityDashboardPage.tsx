import type { VisibilityGroupType, VisibilityRow } from '@finlens/contracts/compute-copilot';
import Typography from '@mui/material/Typography';
import type { ColDef } from 'ag-grid-community';
import { Chart } from '../../components/Chart';
import { useVisibility } from './api/compute-copilot-query';
import {
  amountColumn,
  COPILOT,
  CopilotPage,
  Figure,
  Figures,
  GridSection,
  money,
  PageLink,
  Section,
  share,
  useCopilotRange,
} from './copilot-kit';

/** Columns of a visibility breakdown; the first links into the group's resources. */
export function breakdownColumns<Row extends VisibilityRow>(
  type: VisibilityGroupType,
  days: string,
  name: string,
  currency: string,
): ColDef<Row>[] {
  const amount = (field: 'effective' | 'on_demand' | 'savings', headerName: string) =>
    amountColumn<Row>(headerName, (r) => r[field], currency);
  return [
    {
      colId: 'label',
      headerName: name,
      valueGetter: ({ data }) => data?.label ?? '',
      cellRenderer: ({ data }: { data?: Row }) =>
        data ? (
          <PageLink
            to={`${COPILOT}/visibility-dashboard/${type}/${encodeURIComponent(data.key)}/?days=${days}`}
          >
            {data.label}
          </PageLink>
        ) : null,
      flex: 2,
    },
    amount('effective', 'Effective cost'),
    amount('on_demand', 'On-demand equivalent'),
    amount('savings', 'Savings achieved'),
    {
      colId: 'share',
      headerName: 'Share',
      valueGetter: ({ data }) => (data?.share ?? 0) * 100,
      valueFormatter: ({ data }) => share(data?.share),
      filter: 'agNumberColumnFilter',
      type: 'rightAligned',
    },
  ];
}

/** Visibility Dashboard: compute spend by purchase option and resource type, with coverage and savings achieved. */
export function VisibilityDashboardPage() {
  const { range, days, setDays } = useCopilotRange();
  const query = useVisibility(range);
  const data = query.data;
  const currency = data?.currency ?? 'USD';
  return (
    <CopilotPage
      title="Visibility Dashboard"
      subtitle="Compute spend at the rates paid (reservations, savings plans, spot and discounts applied) beside what the same usage costs on demand."
      days={days}
      onDays={setDays}
      answered={data}
      pending={query.isPending}
      error={query.error}
    >
      {data && data.by_purchase_option.length === 0 ? (
        <Section title="No compute spend">No compute usage (EC2, Fargate, Lambda) in this range.</Section>
      ) : null}
      {data && data.by_purchase_option.length > 0 ? (
        <>
          <Figures>
            <Figure label="Compute spend" value={money(data.totals.effective, currency)} />
            <Figure label="On-demand equivalent" value={money(data.totals.on_demand, currency)} />
            <Figure
              label="Savings achieved"
              value={money(data.totals.savings, currency)}
              hint={`${share(data.totals.savings_rate)} of the usage on demand`}
            />
            <Figure
              label="Commitment coverage"
              value={share(data.totals.coverage)}
              hint="RI- and SP-covered"
            />
            <Figure label="Spot share" value={share(data.totals.spot_share)} />
          </Figures>
          <Chart
            kind="area"
            label="Compute spend per day by purchase option"
            categories={data.periods}
            series={data.series.map((s) => ({ name: s.label, values: s.costs }))}
            formatValue={(v) => money(v, currency)}
            height={280}
          />
          <GridSection<VisibilityRow>
            title="By purchase option"
            label="Compute spend by purchase option"
            rows={data.by_purchase_option}
            columns={breakdownColumns('purchase-option', days, 'Purchase option', currency)}
            csv="compute-by-purchase-option"
            rowId={(row) => row.key}
          />
          {data.by_purchase_option.some((r) => r.key === 'other') ? (
            <Typography variant="body2" color="text.secondary">
              Other: tax, credits, refunds and fees on compute. No purchase option changes them, so their
              on-demand equivalent is what they cost and they save nothing; the savings rate, coverage and
              spot share are of the usage alone.
            </Typography>
          ) : null}
          <GridSection<VisibilityRow>
            title="By resource type"
            label="Compute spend by resource type"
            rows={data.by_resource_type}
            columns={breakdownColumns('resource-type', days, 'Resource type', currency)}
            csv="compute-by-resource-type"
            rowId={(row) => row.key}
          />
          <GridSection<VisibilityRow>
            title="By instance type (EC2)"
            label="EC2 spend by instance type"
            rows={data.by_instance_type}
            columns={breakdownColumns('instance-type', days, 'Instance type', currency)}
            csv="compute-by-instance-type"
            rowId={(row) => row.key}
          />
        </>
      ) : null}
    </CopilotPage>
  );
}
