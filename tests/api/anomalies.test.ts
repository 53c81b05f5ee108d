import { ANOMALY_PATHS, anomaliesSchema, anomalySchema } from '@finlens/contracts/anomalies';
import { cloudAccountSchema } from '@finlens/contracts/cloud-accounts';
import { acmeRows, anomalyCsv, SPIKE } from '@finlens/server/features/anomalies/anomaly-fixture.test-helper';
import { describe, expect, it, vi } from 'vitest';
import { AWS_TEST_SETTINGS } from './billing-client';
import { upload } from './billing-upload';
import { expect400 } from './expect-400';
import { inviteAccepted, signUpVerified, useServerWithMail } from './identity-fixtures';

const context = useServerWithMail();

describe('cost anomalies over HTTP', () => {
  it('detection after an upload finds the spike; members triage it; bad input names the field; tenants are apart', async () => {
    const { baseUrl } = context.server;
    const admin = await signUpVerified(baseUrl, context.smtp, { label: 'anomaly-admin' });
    const member = await inviteAccepted(baseUrl, context.smtp, admin, { label: 'anomaly-member' });
    const other = await signUpVerified(baseUrl, context.smtp, { label: 'anomaly-other' });

    const account = cloudAccountSchema.parse(
      (await admin.session.post('/c/cloud_accounts/', { name: 'Payer', settings: AWS_TEST_SETTINGS })).body,
    );
    const imported = await upload(
      admin.session,
      { project_id: account.id },
      { name: 'acme.csv', data: Buffer.from(anomalyCsv(acmeRows())) },
    );
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);

    expect((await member.session.post(ANOMALY_PATHS.detect, {})).status).toBe(403);
    const queued = await admin.session.post(ANOMALY_PATHS.detect, {});
    expect(queued).toMatchObject({ status: 202, body: { detail: 'Anomaly detection is queued.' } });

    let anomalies = anomaliesSchema.parse([]);
    await vi.waitFor(
      async () => {
        anomalies = anomaliesSchema.parse((await member.session.get(ANOMALY_PATHS.anomalies)).body);
        expect(anomalies).toHaveLength(3);
      },
      { timeout: 30_000, interval: 200 },
    );
    const ec2 = anomalies.find((anomaly) => anomaly.dimension === 'service');
    expect(ec2).toMatchObject({ key: 'Amazon EC2', start_date: SPIKE, status: 'open', increase: 600 });
    expect(ec2?.drivers[0]?.resource_id).toBe('i-batch');

    const path = ANOMALY_PATHS.anomaly(ec2?.id ?? '');
    await expect400(member.session.patch(path, { status: 'dismissed' }), 'reason');
    await expect400(member.session.patch(path, { status: 'closed' }), 'status');
    await expect400(member.session.get(`${ANOMALY_PATHS.anomalies}?status=closed`), 'status');
    await expect400(member.session.get(`${ANOMALY_PATHS.anomalies}?start_date=18-11-2026`), 'start_date');
    const acknowledged = await member.session.patch(path, { status: 'acknowledged' });
    expect(anomalySchema.parse(acknowledged.body)).toMatchObject({
      status: 'acknowledged',
      status_changed_by: member.profile.id,
    });
    const dismissed = await admin.session.patch(path, { status: 'dismissed', reason: 'Planned load test' });
    expect(anomalySchema.parse(dismissed.body)).toMatchObject({
      status: 'dismissed',
      reason: 'Planned load test',
    });
    const expected = await admin.session.patch(
      ANOMALY_PATHS.anomaly(anomalies.find((anomaly) => anomaly.dimension === 'account')?.id ?? ''),
      {
        status: 'expected',
      },
    );
    expect(expected.status).toBe(200);
    const open = anomaliesSchema.parse(
      (await admin.session.get(`${ANOMALY_PATHS.anomalies}?status=open`)).body,
    );
    expect(open.map((anomaly) => anomaly.dimension)).toEqual(['usage_type']);
    expect(
      (await admin.session.get(`${ANOMALY_PATHS.anomalies}?dimension=service&status=dismissed`)).body,
    ).toEqual([expect.objectContaining({ id: ec2?.id })]);

    expect((await other.session.get(ANOMALY_PATHS.anomalies)).body).toEqual([]);
    expect((await other.session.get(path)).status).toBe(404);
    expect((await other.session.patch(path, { status: 'open' })).status).toBe(404);
  });
});
