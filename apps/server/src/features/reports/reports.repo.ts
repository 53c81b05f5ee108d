import type { ReportCreate, ReportSchedule } from '@finlens/contracts/reports';
import type { Kysely } from 'kysely';
import type { AppTables } from '../../db/tables';
import type { ReportRow, ReportSendRow } from './reports.tables';

/** A report row with its owner's identity and its schedule (null without one). */
export interface StoredReport extends ReportRow {
  owner_email: string;
  owner_name: string;
  schedule: ReportSchedule | null;
}

const SCHEDULE_PREFIX = 'report:';
/** The job_schedules name of a report's schedule. */
export function scheduleName(reportId: string): string {
  return `${SCHEDULE_PREFIX}${reportId}`;
}

type ReportFields = Omit<ReportCreate, 'schedule'>;

function rowValues(fields: Partial<ReportFields>) {
  const { query, grid, ...plain } = fields;
  return {
    ...plain,
    ...(query === undefined ? {} : { query: JSON.stringify(query) }),
    ...(grid === undefined ? {} : { grid: JSON.stringify(grid) }),
  };
}

/** Storage of reports, their schedules and their send log. */
export function createReportsRepo({ db }: { db: Kysely<AppTables> }) {
  const withOwner = () =>
    db
      .selectFrom('reports')
      .innerJoin('users', 'users.id', 'reports.owner_user_id')
      .leftJoin('report_schedules', 'report_schedules.report_id', 'reports.id')
      .selectAll('reports')
      .select([
        'users.email as owner_email',
        'users.first_name',
        'users.last_name',
        'report_schedules.frequency',
        'report_schedules.days_of_week',
        'report_schedules.day_of_month',
        'report_schedules.time',
        'report_schedules.time_zone',
        'report_schedules.recipients',
      ]);
  type Joined = Awaited<ReturnType<ReturnType<typeof withOwner>['execute']>>[number];
  const toStored = (row: Joined): StoredReport => {
    const {
      first_name,
      last_name,
      frequency,
      days_of_week,
      day_of_month,
      time,
      time_zone,
      recipients,
      ...rest
    } = row;
    const schedule =
      frequency === null || time === null || time_zone === null
        ? null
        : {
            frequency,
            days_of_week: days_of_week ?? [],
            day_of_month,
            time,
            time_zone,
            recipients: recipients ?? { user_ids: [], emails: [] },
          };
    return { ...rest, owner_name: `${first_name} ${last_name}`.trim(), schedule };
  };

  return {
    async find(id: string, clientId: string): Promise<StoredReport | null> {
      const row = await withOwner()
        .where('reports.id', '=', id)
        .where('reports.client_id', '=', clientId)
        .executeTakeFirst();
      return row === undefined ? null : toStored(row);
    },

    /** Any client's report (the send job, which has no caller). */
    async findById(id: string): Promise<StoredReport | null> {
      const row = await withOwner().where('reports.id', '=', id).executeTakeFirst();
      return row === undefined ? null : toStored(row);
    },

    async findByShareCode(code: string, clientId: string): Promise<StoredReport | null> {
      const row = await withOwner()
        .where('reports.share_code', '=', code)
        .where('reports.client_id', '=', clientId)
        .executeTakeFirst();
      return row === undefined ? null : toStored(row);
    },

    /** The user's own reports and the client's shared ones. */
    async list(clientId: string, userId: string, hidden: boolean): Promise<StoredReport[]> {
      const rows = await withOwner()
        .where('reports.client_id', '=', clientId)
        .where('reports.is_hidden', '=', hidden)
        .where((eb) =>
          eb.or([eb('reports.owner_user_id', '=', userId), eb('reports.visibility', '=', 'client')]),
        )
        .orderBy('reports.name')
        .orderBy('reports.id')
        .execute();
      return rows.map(toStored);
    },

    async insert(clientId: string, ownerId: string, fields: ReportFields): Promise<string> {
      const row = await db
        .insertInto('reports')
        .values({
          client_id: clientId,
          owner_user_id: ownerId,
          name: fields.name,
          query: JSON.stringify(fields.query),
          range_preset: fields.range_preset,
          chart_type: fields.chart_type,
          grid: JSON.stringify(fields.grid),
          visibility: fields.visibility,
          is_hidden: fields.is_hidden,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(id: string, fields: Partial<ReportFields> & { share_code?: string | null }): Promise<void> {
      await db
        .updateTable('reports')
        .set({ ...rowValues(fields), updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    },

    async remove(id: string): Promise<void> {
      await db.deleteFrom('reports').where('id', '=', id).execute();
    },

    async saveSchedule(reportId: string, schedule: ReportSchedule): Promise<void> {
      const values = {
        frequency: schedule.frequency,
        days_of_week: JSON.stringify(schedule.days_of_week),
        day_of_month: schedule.day_of_month,
        time: schedule.time,
        time_zone: schedule.time_zone,
        recipients: JSON.stringify(schedule.recipients),
      };
      await db
        .insertInto('report_schedules')
        .values({ report_id: reportId, ...values })
        .onConflict((c) => c.column('report_id').doUpdateSet({ ...values, updated_at: new Date() }))
        .execute();
    },

    async removeSchedule(reportId: string): Promise<void> {
      await db.deleteFrom('report_schedules').where('report_id', '=', reportId).execute();
    },

    /** The newest send of each report. */
    async lastSends(reportIds: string[]): Promise<Map<string, ReportSendRow>> {
      if (reportIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('report_sends')
        .selectAll()
        .where('report_id', 'in', reportIds)
        .orderBy('slot', 'desc')
        .execute();
      const newest = new Map<string, ReportSendRow>();
      for (const row of rows) if (!newest.has(row.report_id)) newest.set(row.report_id, row);
      return newest;
    },

    /** Of `userIds`, those that are members of the client, with their addresses. */
    async memberEmails(clientId: string, userIds: string[]): Promise<{ id: string; email: string }[]> {
      if (userIds.length === 0) return [];
      return db
        .selectFrom('memberships')
        .innerJoin('users', 'users.id', 'memberships.user_id')
        .select(['users.id', 'users.email'])
        .where('memberships.client_id', '=', clientId)
        .where('users.id', 'in', userIds)
        .execute();
    },

    /** Next slot of each report's job schedule (`report:<id>`). */
    async nextRuns(reportIds: string[]): Promise<Map<string, Date>> {
      if (reportIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('job_schedules')
        .select(['name', 'next_run_at'])
        .where('name', 'in', reportIds.map(scheduleName))
        .execute();
      return new Map(rows.map((row) => [row.name.slice(SCHEDULE_PREFIX.length), row.next_run_at]));
    },

    async clientName(clientId: string): Promise<string> {
      const row = await db.selectFrom('clients').select('name').where('id', '=', clientId).executeTakeFirst();
      return row?.name ?? '';
    },

    /**
     * Claims a slot for sending: a new row, or a failed / interrupted one (attempts + 1). Null when the slot
     * was already sent, so a slot never goes out twice.
     */
    async claimSend(args: {
      reportId: string;
      slot: Date;
      trigger: 'schedule' | 'manual';
      recipients: string[];
    }): Promise<ReportSendRow | null> {
      const row = await db
        .insertInto('report_sends')
        .values({
          report_id: args.reportId,
          slot: args.slot,
          trigger: args.trigger,
          status: 'sending',
          attempts: 1,
          recipients: JSON.stringify(args.recipients),
          error: null,
        })
        .onConflict((c) =>
          c
            .constraint('report_sends_report_slot')
            .doUpdateSet((eb) => ({
              status: 'sending',
              attempts: eb('report_sends.attempts', '+', 1),
              recipients: JSON.stringify(args.recipients),
              updated_at: new Date(),
            }))
            .where('report_sends.status', '!=', 'sent'),
        )
        .returningAll()
        .executeTakeFirst();
      return row ?? null;
    },

    async finishSend(id: string, error: string | null): Promise<void> {
      await db
        .updateTable('report_sends')
        .set({ status: error === null ? 'sent' : 'failed', error, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type ReportsRepo = ReturnType<typeof createReportsRepo>;
