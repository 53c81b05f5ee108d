import {
  VISIBILITY_GROUP_TYPES,
  type VisibilityGroup,
  type VisibilityGroupType,
} from '@finlens/contracts/compute-copilot';
import { OTHERS_KEY } from '@finlens/contracts/cost-query';
import type { ColDef } from 'ag-grid-community';
import { useParams } from 'react-router';
import { useVisibilityGroup } from './api/compute-copilot-query';
import {
  amountColumn,
  COPILOT,
  CopilotPage,
  detailsPath,
  Figure,
  Figures,
  GridSection,
  money,
  PageLink,
  useCopilotRange,
} from './copilot-kit';

type Resource = VisibilityGroup['resources'][number];

function columns(days: string, currency: string): ColDef<Resource>[] {
  const amount = (field: 'effective' | 'on_demand' | 'savings', headerName: string) =>
    amountColumn<Resource>(headerName, (r) => r[field], currency);
  return [
    {
      colId: 'resource',
      headerName: 'Resource',
      valueGetter: ({ data }) => data?.label ?? '',
      cellRenderer: ({ data }: { data?: Resource }) =>
        data?.resource_id && data.resource_id !== OTHERS_KEY ? (
          <PageLink to={detailsPath('resource', data.resource_id, days)}>{data.label}</PageLink>
        ) : (
          (data?.label ?? null)
        ),
      flex: 3,
    },
    amount('effective', 'Effective cost'),
    amount('on_demand', 'On-demand equivalent'),
    amount('savings', 'Savings achieved'),
  ];
}

/** /visibility-dashboard/:type/:id/ — the resources of one purchase option, resource type or instance type. */
export function VisibilityGroupPage() {
  const params = useParams();
  const type = VISIBILITY_GROUP_TYPES.find((t) => t === params.type) ?? null;
  const id = params.id ?? '';
  const { range, days, setDays } = useCopilotRange();
  const query = useVisibilityGroup(type ?? 'purchase-option', id, range);
  const data = query.data;
  const currency = data?.currency ?? 'USD';
  return (
    <CopilotPage
      title="Visibility Details"
      name={type === null ? undefined : `Visibility: ${data?.label ?? id}`}
      days={days}
      onDays={setDays}
      answered={data}
      pending={type !== null && query.isPending}
      error={type === null ? new Error(`No such breakdown: ${params.type}.`) : query.error}
    >
      <PageLink to={`${COPILOT}/visibility-dashboard/?days=${days}`}>← Visibility Dashboard</PageLink>
      {data ? (
        <>
          <Figures>
            <Figure label="Effective cost" value={money(data.totals.effective, currency)} />
            <Figure label="On-demand equivalent" value={money(data.totals.on_demand, currency)} />
            <Figure label="Savings achieved" value={money(data.totals.savings, currency)} />
            <Figure label="Resources" value={String(data.group_count)} />
          </Figures>
          <GridSection<Resource>
            title="Resources"
            label={`Resources of ${data.label}`}
            rows={data.resources}
            columns={columns(days, currency)}
            csv={`compute-${type as VisibilityGroupType}-${id}`}
            rowId={(row) => row.resource_id ?? 'none'}
          />
        </>
      ) : null}
    </CopilotPage>
  );
}
