import { PROJECT_STATUS_LABELS } from '@finlens/contracts/admin';
import { formatMoney, formatPercent, formatUtcDate } from '@finlens/cost-model/format';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ColDef } from 'ag-grid-community';
import { useState } from 'react';
import { DataGrid } from '../../components/DataGrid';
import { DEMO_BLUR_SX, useDemoModeStore } from '../../components/demo-mode';
import { useCostQuery } from '../cost-explorer/api/cost-query';
import { useOrganizationAccounts } from './api/organization-accounts-query';
import { useProjectsListing } from './api/projects-listing-query';
import { type OverviewRow, overviewQueries, overviewRows } from './overview-rows';

/** Money and dates stay on one line: a value broken across two lines reads as two. */
const ONE_LINE = { whiteSpace: 'nowrap' };

function columns(currency: string, demo: boolean): ColDef<OverviewRow>[] {
  const money = ({ value }: { value: unknown }) => formatMoney(value as number, currency);
  const amount = { type: 'rightAligned', flex: 1, minWidth: 140, valueFormatter: money, cellStyle: ONE_LINE };
  return [
    {
      headerName: 'Account',
      field: 'name',
      flex: 2,
      minWidth: 180,
      cellStyle: demo ? DEMO_BLUR_SX : undefined,
    },
    { headerName: 'Type', field: 'type', flex: 1, minWidth: 140 },
    { headerName: 'Cloud', field: 'cloud', flex: 1 },
    {
      headerName: 'Status',
      field: 'status',
      flex: 1,
      minWidth: 200,
      // A usage account no project is known to pay for is only seen in the billing data.
      valueFormatter: ({ value }) =>
        value === null
          ? 'In billing data'
          : PROJECT_STATUS_LABELS[value as keyof typeof PROJECT_STATUS_LABELS],
    },
    {
      headerName: 'Last ingestion',
      field: 'lastIngestion',
      flex: 1,
      minWidth: 190,
      valueFormatter: ({ value }) => (value === null ? '-' : formatUtcDate(value as string, 'isoDateTime')),
      cellStyle: ONE_LINE,
    },
    { ...amount, headerName: 'This month to date', minWidth: 150, field: 'thisMonth', sort: 'desc' },
    { ...amount, headerName: 'Last month', field: 'lastMonth' },
    {
      headerName: 'Change',
      field: 'change',
      type: 'rightAligned',
      flex: 1,
      minWidth: 110,
      valueFormatter: ({ value }) => formatPercent(value as number | null),
      cellStyle: ONE_LINE,
    },
  ];
}

/** /v3/organization-overview: every project and usage account with this month's and last month's spend. */
export function OrganizationOverviewPage() {
  const [today] = useState(() => new Date());
  const demo = useDemoModeStore((state) => state.on);
  const queries = overviewQueries(today);
  const projects = useProjectsListing();
  const organizationAccounts = useOrganizationAccounts();
  const projectsNow = useCostQuery(queries.projectsNow);
  const projectsBefore = useCostQuery(queries.projectsBefore);
  const accountsNow = useCostQuery(queries.accountsNow);
  const accountsBefore = useCostQuery(queries.accountsBefore);
  const calls = [projects, projectsNow, projectsBefore, accountsNow, accountsBefore];
  const failed = calls.find((call) => call.isError)?.error ?? null;
  const rows =
    projects.data && projectsNow.data && projectsBefore.data && accountsNow.data && accountsBefore.data
      ? overviewRows(projects.data, organizationAccounts.data ?? [], {
          projectsNow: projectsNow.data,
          projectsBefore: projectsBefore.data,
          accountsNow: accountsNow.data,
          accountsBefore: accountsBefore.data,
        })
      : [];
  const currency = projectsNow.data?.currency ?? 'USD';
  return (
    <Box component="section" sx={{ p: 3 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Organization Overview
      </Typography>
      <Typography color="text.secondary" gutterBottom>
        Every connected project and every usage account in its billing data: this month to date (
        {queries.accountsNow.start_date} to {queries.accountsNow.end_date}) against the whole of last month.
      </Typography>
      {failed === null ? null : (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failed.message}
        </Alert>
      )}
      <DataGrid<OverviewRow>
        label="Accounts"
        rows={rows}
        columns={columns(currency, demo)}
        loading={calls.some((call) => call.isPending) && failed === null}
        csvFileName="organization-overview"
        getRowId={({ data }) => `${data.type}:${data.id}`}
      />
    </Box>
  );
}
