import type { AccountFilterEntry, OrganizationAccount } from '@finlens/contracts/admin';
import { type CostQuery, type CostQueryResult, OTHERS_KEY } from '@finlens/contracts/cost-query';
import { percentChange } from '@finlens/cost-model/spend-windows';
import { addMonths, endOfMonth, startOfMonth, utcDay } from '@finlens/cost-model/utc-calendar';
import { actualTotal } from '../home/home-transforms';

/** Groups asked for per query: every account of a large organisation fits (the API's top-N limit). */
const ALL_GROUPS = 500;

export interface OverviewRow {
  id: string;
  name: string;
  type: 'Project' | 'Usage account';
  cloud: string;
  /** Project status; null for a usage account (it has no connection of its own). */
  status: AccountFilterEntry['status'] | null;
  lastIngestion: string | null;
  thisMonth: number;
  lastMonth: number;
  /** Percent change from last month (whole) to this month (to date); null when last month had no cost. */
  change: number | null;
}

type Dimension = 'billing_project_name' | 'line_item_usage_account_id';

/** The four cost queries: projects and usage accounts, this month to date and the whole previous month. */
export function overviewQueries(
  today: Date,
): Record<`${'projects' | 'accounts'}${'Now' | 'Before'}`, CostQuery> {
  const day = utcDay(today);
  const first = startOfMonth(day);
  const previous = addMonths(first, -1);
  const query = (
    dimension: Dimension,
    start: string,
    end: string,
    granularity: 'day' | 'month',
  ): CostQuery => ({
    start_date: start,
    end_date: end,
    granularity,
    dimension,
    cost_type: 'unblended',
    filters: [],
    top_n: ALL_GROUPS,
  });
  return {
    projectsNow: query('billing_project_name', first, day, 'day'),
    projectsBefore: query('billing_project_name', previous, endOfMonth(previous), 'month'),
    accountsNow: query('line_item_usage_account_id', first, day, 'day'),
    accountsBefore: query('line_item_usage_account_id', previous, endOfMonth(previous), 'month'),
  };
}

/** Cost per series key and per label (a project group may be keyed by its id or its name). */
function totals(result: CostQueryResult): Map<string, number> {
  const map = new Map<string, number>();
  for (const series of result.series) {
    if (series.key === null || series.key === OTHERS_KEY) continue;
    const total = actualTotal(series, result.forecast);
    map.set(series.key, total);
    map.set(series.label, total);
  }
  return map;
}

interface OverviewAnswers {
  projectsNow: CostQueryResult;
  projectsBefore: CostQueryResult;
  accountsNow: CostQueryResult;
  accountsBefore: CostQueryResult;
}

/** One row per project (with its status and last ingestion) and one per usage account seen in either month. */
export function overviewRows(
  projects: AccountFilterEntry[],
  organizationAccounts: OrganizationAccount[],
  answers: OverviewAnswers,
): OverviewRow[] {
  const projectsNow = totals(answers.projectsNow);
  const projectsBefore = totals(answers.projectsBefore);
  const row = (base: Omit<OverviewRow, 'change'>): OverviewRow => ({
    ...base,
    change: percentChange(base.thisMonth, base.lastMonth),
  });
  const projectRows = projects.map((project) =>
    row({
      id: project.id,
      name: project.value,
      type: 'Project',
      cloud: project.cloudPlatform === 'aws' ? 'AWS' : 'Azure',
      status: project.status,
      lastIngestion: project.last_ingestion_datetime,
      thisMonth: projectsNow.get(project.id) ?? projectsNow.get(project.value) ?? 0,
      lastMonth: projectsBefore.get(project.id) ?? projectsBefore.get(project.value) ?? 0,
    }),
  );
  const accountsNow = totals(answers.accountsNow);
  const accountsBefore = totals(answers.accountsBefore);
  const names = new Map(organizationAccounts.map((account) => [account.account_id, account.account_name]));
  const accountIds = [
    ...new Set(
      [...answers.accountsNow.series, ...answers.accountsBefore.series]
        .map((series) => series.key)
        .filter((key): key is string => key !== null && key !== OTHERS_KEY && key !== ''),
    ),
  ];
  const accountRows = accountIds.map((id) =>
    row({
      id,
      name: names.get(id) ?? id,
      type: 'Usage account',
      // The billing data does not say which cloud a usage account is on.
      cloud: '-',
      status: null,
      lastIngestion: null,
      thisMonth: accountsNow.get(id) ?? 0,
      lastMonth: accountsBefore.get(id) ?? 0,
    }),
  );
  return [...projectRows, ...accountRows.sort((a, b) => b.thisMonth - a.thisMonth)];
}
