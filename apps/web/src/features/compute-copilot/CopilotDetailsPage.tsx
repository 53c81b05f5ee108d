import type { CopilotResource, VisibilityRow } from '@finlens/contracts/compute-copilot';
import Alert from '@mui/material/Alert';
import type { ColDef } from 'ag-grid-community';
import { useParams } from 'react-router';
import { Chart } from '../../components/Chart';
import { type SimpleColumn, SimpleTable } from '../../components/SimpleTable';
import { AsgGroupDetail } from './AsgGroupDetail';
import { useCopilotResource } from './api/compute-copilot-query';
import {
  COPILOT,
  CopilotPage,
  Figure,
  Figures,
  GridSection,
  money,
  PageLink,
  Section,
  useCopilotRange,
} from './copilot-kit';

type Attribute = { key: string; value: string };
const attributeRows = (inventory: NonNullable<CopilotResource['inventory']>): Attribute[] => [
  { key: 'Kind', value: inventory.kind },
  { key: 'Account', value: inventory.account_id },
  { key: 'Region', value: inventory.region },
  { key: 'State', value: inventory.state ?? '—' },
  ...Object.entries(inventory.attributes)
    .filter(([, v]) => v !== null && typeof v !== 'object')
    .filter(([k]) => !['id', 'kind', 'accountId', 'region', 'state'].includes(k))
    .map(([k, v]) => ({ key: k, value: String(v) })),
  ...Object.entries((inventory.attributes.tags ?? {}) as Record<string, string>).map(([k, v]) => ({
    key: `tag ${k}`,
    value: v,
  })),
];

const ATTRIBUTE_COLUMNS: SimpleColumn<Attribute>[] = [
  { label: 'Attribute', render: (a) => a.key },
  { label: 'Value', render: (a) => a.value },
];

const optionColumns = (currency: string): ColDef<VisibilityRow>[] => [
  { field: 'label', headerName: 'Purchase option', flex: 2 },
  ...(['effective', 'on_demand', 'savings'] as const).map(
    (field): ColDef<VisibilityRow> => ({
      field,
      headerName: {
        effective: 'Effective cost',
        on_demand: 'On-demand equivalent',
        savings: 'Savings achieved',
      }[field],
      valueFormatter: ({ value }) => money(Number(value), currency),
      type: 'rightAligned',
    }),
  ),
];

function ResourceDetail({ id }: { id: string }) {
  const { range, days, setDays } = useCopilotRange();
  const query = useCopilotResource(id, range);
  const data = query.data;
  const currency = data?.currency ?? 'USD';
  return (
    <CopilotPage
      title="Compute Copilot Details"
      name={data?.inventory?.name ?? id}
      subtitle={id}
      days={days}
      onDays={setDays}
      answered={data}
      pending={query.isPending}
      error={query.error}
    >
      <PageLink to={`${COPILOT}/visibility-dashboard/?days=${days}`}>← Visibility Dashboard</PageLink>
      {data ? (
        <>
          <Figures>
            <Figure label="Effective cost" value={money(data.totals.effective, currency)} />
            <Figure label="On-demand equivalent" value={money(data.totals.on_demand, currency)} />
            <Figure label="Savings achieved" value={money(data.totals.savings, currency)} />
          </Figures>
          {data.periods.length > 0 ? (
            <Chart
              kind="bar"
              label="Cost per day by purchase option"
              categories={data.periods}
              series={data.series.map((s) => ({ name: s.label, values: s.costs }))}
              formatValue={(v) => money(v, currency)}
              height={240}
            />
          ) : null}
          <GridSection<VisibilityRow>
            title="By purchase option"
            label="Cost by purchase option"
            rows={data.by_purchase_option}
            columns={optionColumns(currency)}
            csv={`resource-${id}`}
            rowId={(row) => row.key}
          />
          <Section title="Inventory">
            {data.inventory === null ? (
              <Alert severity="info">The last inventory collection did not list this resource.</Alert>
            ) : (
              <SimpleTable
                label="Resource attributes"
                columns={ATTRIBUTE_COLUMNS}
                rows={attributeRows(data.inventory)}
                rowKey={(a) => a.key}
              />
            )}
          </Section>
        </>
      ) : null}
    </CopilotPage>
  );
}

/** /v3/compute-copilot/:type/details/:id/ — one Auto Scaling group (type asg) or one resource's cost. */
export function CopilotDetailsPage() {
  const { type, id = '' } = useParams();
  if (type === 'asg') return <AsgGroupDetail groupKey={id} />;
  return <ResourceDetail id={id} />;
}
