import { TOP_N_MAX } from '@finlens/contracts/cost-query';
import type { Kysely } from 'kysely';
import type { AppTables } from '../db/tables';
import type { AppConfig } from '../platform/config';
import type { CostType } from '../warehouse/canonical-schema';
import type { WarehouseCostAnswer } from '../warehouse/cost-query/cost-query-port';
import type { CommandOutput } from './command-output';
import { type OpenStores, runHereOrInServer } from './hand-off';
import { parseQueryOptions, type QueryOptions, QueryUsageError, type RawQueryOptions } from './query-options';

/** One cell: a day (YYYY-MM-DD) or month (YYYY-MM), the group's value (null without a group-by or value). */
export interface QueryRow {
  period: string;
  group: string | null;
  cost: number;
}

export interface QueryResult {
  cost_type: CostType;
  total: number;
  rows: QueryRow[];
}

/**
 * `finlens query`: the options are checked first, so a typo never waits on the databases; then the query runs
 * in this process when the warehouse is free, else in the running server of the data folder, which is sent
 * the raw options and checks them again (runHereOrInServer). The printed text is the same either way.
 */
export async function runQueryCommand(args: {
  config: Pick<AppConfig, 'dataDir' | 'databaseUrl'>;
  raw: RawQueryOptions;
  lockTimeoutMs?: number;
  /** Where the text goes (default: this process's terminal). */
  output?: CommandOutput;
}): Promise<QueryResult> {
  const options = parseQueryOptions(args.raw);
  return runHereOrInServer({
    config: args.config,
    command: 'query',
    body: args.raw,
    ...(args.lockTimeoutMs === undefined ? {} : { lockTimeoutMs: args.lockTimeoutMs }),
    ...(args.output === undefined ? {} : { output: args.output }),
    here: (stores, output) => queryHere(stores, options, output),
  });
}

/**
 * Costs of a client's projects over an inclusive UTC date range, through the same CostQuery compiler as the
 * Explorer (CostStore.runCostQuery, from a rollup when one covers the query).
 */
export async function queryHere(
  stores: OpenStores,
  options: QueryOptions,
  output: CommandOutput,
): Promise<QueryResult> {
  const scope = await resolveScope(stores.db, options);
  const answer = await stores.warehouse.runCostQuery({
    ...scope,
    start_date: options.from,
    end_date: options.to,
    granularity: options.granularity,
    dimension: options.groupBy?.dimension ?? null,
    ...(options.groupBy?.key ? { dimension_key: options.groupBy.key } : {}),
    cost_type: options.costType,
    filters: [],
    top_n: TOP_N_MAX,
    useRollups: true,
  });
  const result: QueryResult = {
    cost_type: options.costType,
    total: answer.total,
    rows: cells(answer, options),
  };
  output.stdout(options.format === 'json' ? `${JSON.stringify(result)}\n` : formatTable(result, options));
  return result;
}

/**
 * The answer's series as cells, ordered by period, cost (highest first), group (no value last). Cells with
 * no cost are left out, as the query printed only days or months with line items before the compiler
 * zero-filled periods. Beyond TOP_N_MAX groups the rest is one group `__others__`.
 */
function cells(
  answer: WarehouseCostAnswer,
  options: Pick<QueryOptions, 'granularity' | 'groupBy'>,
): QueryRow[] {
  const period = (start: string) => (options.granularity === 'month' ? start.slice(0, 7) : start);
  const rows = answer.series.flatMap((series) =>
    series.costs.flatMap((cost, i) =>
      cost === 0
        ? []
        : [{ period: period(answer.periods[i] as string), group: options.groupBy ? series.key : null, cost }],
    ),
  );
  return rows.sort(
    (a, b) =>
      a.period.localeCompare(b.period) ||
      b.cost - a.cost ||
      (a.group === null ? 1 : 0) - (b.group === null ? 1 : 0) ||
      (a.group ?? '').localeCompare(b.group ?? ''),
  );
}

/** --client is needed only when there is a choice; without --project every project of the client counts. */
async function resolveScope(
  db: Kysely<AppTables>,
  options: Pick<QueryOptions, 'clientName' | 'projectName'>,
): Promise<{ clientId: string; projectIds: string[]; projectNames: Record<string, string> }> {
  const clients = await db.selectFrom('clients').select(['id', 'name']).orderBy('name').execute();
  const names = clients.map((c) => `"${c.name}"`).join(', ');
  let client = clients[0];
  if (options.clientName !== null) {
    client = clients.find((c) => c.name === options.clientName);
    if (client === undefined) {
      throw new QueryUsageError(
        `No client named "${options.clientName}"${clients.length > 0 ? `; clients: ${names}` : ' (nothing imported yet)'}`,
      );
    }
  } else if (clients.length > 1) {
    throw new QueryUsageError(`More than one client exists (${names}): pass --client NAME`);
  }
  if (client === undefined) throw new QueryUsageError('No client exists yet: import billing data first');
  const projects = await db
    .selectFrom('projects')
    .select(['id', 'name'])
    .where('client_id', '=', client.id)
    .execute();
  const found =
    options.projectName === null ? projects : projects.filter((p) => p.name === options.projectName);
  if (options.projectName !== null && found.length === 0) {
    throw new QueryUsageError(`Client "${client.name}" has no project named "${options.projectName}"`);
  }
  return {
    clientId: client.id,
    projectIds: found.map((p) => p.id),
    projectNames: Object.fromEntries(projects.map((p) => [p.id, p.name])),
  };
}

/** Aligned columns: period, the dimension when grouped, cost right-aligned; the total last. */
export function formatTable(result: QueryResult, options: Pick<QueryOptions, 'groupBy'>): string {
  const header = ['period', ...(options.groupBy ? [options.groupBy.name] : []), result.cost_type];
  const money = (n: number) => n.toFixed(4);
  const body = result.rows.map((r) => [
    r.period,
    ...(options.groupBy ? [r.group ?? '(none)'] : []),
    money(r.cost),
  ]);
  const footer = ['total', ...(options.groupBy ? [''] : []), money(result.total)];
  const all = [header, ...body, footer];
  const widths = header.map((_, i) => Math.max(...all.map((row) => (row[i] ?? '').length)));
  const last = header.length - 1;
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === last ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return `${[line(header), ...body.map(line), line(footer)].join('\n')}\n`;
}
