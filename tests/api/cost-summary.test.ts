import { COST_SUMMARY_PATHS, costSummarySchema } from '@finlens/contracts/cost-summary';
import { describe, expect, it } from 'vitest';
import { clientWithBilling } from './billing-client';
import { inviteAccepted, signUpVerified, useServerWithMail } from './identity-fixtures';

const context = useServerWithMail();
const PATH = COST_SUMMARY_PATHS.costSummary;

/** Usage today (the server's clock), so the row falls in month to date and the 31 days whatever the date. */
function todaysCsv(cost: number): Buffer {
  const day = new Date().toISOString().slice(0, 10);
  return Buffer.from(
    `lineItem/LineItemType,lineItem/UsageStartDate,lineItem/UnblendedCost,lineItem/CurrencyCode\nUsage,${day}T00:00:00Z,${cost},EUR\n`,
  );
}

describe('GET /c/cost_page/cost_summary/', () => {
  it("answers the client's own month-to-date spend, with the SPA's cost_page parameters", async () => {
    const { admin, projectId } = await clientWithBilling(context, 'spend-a', todaysCsv(12.5));
    const other = await clientWithBilling(context, 'spend-b', todaysCsv(99));
    const today = new Date().toISOString().slice(0, 10);

    const own = await admin.session.get(`${PATH}?imply_client=true&use_query_optimization=false`);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(costSummarySchema.parse(own.body)).toMatchObject({
      mtd_spend: 12.5,
      interval_spend: 12.5,
      currency: 'EUR',
      as_of: today,
      start_of_month_window: new Date().getUTCDate() <= 2,
    });

    const member = await inviteAccepted(context.server.baseUrl, context.smtp, admin, {
      label: 'spend-member',
    });
    const byProject = await member.session.get(`${PATH}?project_ids=${projectId}&cost_type=amortized`);
    expect(costSummarySchema.parse(byProject.body).mtd_spend).toBe(12.5);

    const theirs = await other.admin.session.get(PATH);
    expect(costSummarySchema.parse(theirs.body).mtd_spend).toBe(99);
    // Another client's project is the same 404 as an unknown id.
    expect((await other.admin.session.get(`${PATH}?project_ids=${projectId}`)).status).toBe(404);
    expect((await other.admin.session.get(`${PATH}?project_ids=no-such-project`)).status).toBe(404);
  });

  it('bad parameters are a 400 naming the field', async () => {
    const admin = await signUpVerified(context.server.baseUrl, context.smtp, { label: 'spend-bad' });
    const badType = await admin.session.get(`${PATH}?cost_type=gross`);
    expect(badType.status).toBe(400);
    expect(JSON.stringify(badType.body)).toContain('cost_type');
    const badFlag = await admin.session.get(`${PATH}?imply_client=yes`);
    expect(badFlag.status).toBe(400);
    expect(JSON.stringify(badFlag.body)).toContain('imply_client');
    const badIds = await admin.session.get(`${PATH}?project_ids=a,,b`);
    expect(badIds.status).toBe(400);
    expect(JSON.stringify(badIds.body)).toContain('project_ids');
  });

  it('a client without billing data gets zeros', async () => {
    const admin = await signUpVerified(context.server.baseUrl, context.smtp, { label: 'spend-none' });
    expect(costSummarySchema.parse((await admin.session.get(PATH)).body)).toMatchObject({
      mtd_spend: 0,
      mtd_delta_spend: null,
      as_of: null,
    });
  });
});
