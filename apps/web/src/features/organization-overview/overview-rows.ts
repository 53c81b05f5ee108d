import {
  type AccountFilterEntry,
  CLOUD_PLATFORM_LABELS,
  type OrganizationAccount,
} from '@finlens/contracts/admin';
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
  /**
   * Project status; a usage account shows its payer project's (it has no connection of its own), null when
   * no project is known to pay for it.
   */
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

const cloudLabel = (cloud: AccountFilterEntry['cloudPlatform']) => CLOUD_PLATFORM_LABELS[cloud];

/** The cloud an account id's form names: a 12-digit AWS account or an Azure subscription GUID. */
function cloudOfAccountId(id: string): string {
  if (/^\d{12}$/.test(id)) return CLOUD_PLATFORM_LABELS.aws;
  if (/^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/i.test(id)) return CLOUD_PLATFORM_LABELS.azure;
  return '-';
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
      cloud: cloudLabel(project.cloudPlatform),
      status: project.status,
      lastIngestion: project.last_ingestion_datetime,
      thisMonth: projectsNow.get(project.id) ?? projectsNow.get(project.value) ?? 0,
      lastMonth: projectsBefore.get(project.id) ?? projectsBefore.get(project.value) ?? 0,
    }),
  );
  const accountsNow = totals(answers.accountsNow);
  const accountsBefore = totals(answers.accountsBefore);
  const members = new Map(organizationAccounts.map((account) => [account.account_id, account]));
  const projectsById = new Map(projects.map((project) => [project.id, project]));
  const accountIds = [
    ...new Set(
      [...answers.accountsNow.series, ...answers.accountsBefore.series]
        .map((series) => series.key)
        .filter((key): key is string => key !== null && key !== OTHERS_KEY && key !== ''),
    ),
  ];
  const accountRows = accountIds.map((id) => {
    const member = members.get(id);
    const payer = member === undefined ? undefined : projectsById.get(member.payer_project_id);
    return row({
      id,
      name: member?.account_name ? `${member.account_name} (${id})` : id,
      type: 'Usage account',
      cloud: payer === undefined ? cloudOfAccountId(id) : cloudLabel(payer.cloudPlatform),
      status: payer?.status ?? null,
      lastIngestion: payer?.last_ingestion_datetime ?? null,
      thisMonth: accountsNow.get(id) ?? 0,
      lastMonth: accountsBefore.get(id) ?? 0,
    });
  });
  return [...projectRows, ...accountRows.sort((a, b) => b.thisMonth - a.thisMonth)];
}
