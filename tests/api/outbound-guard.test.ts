import { NOTIFICATION_PATHS } from '@finlens/contracts/notifications';
import { describe, expect, it } from 'vitest';
import { AWS_TEST_SETTINGS } from './billing-client';
import { expect400 } from './expect-400';
import { signUpVerified, useServerWithMail } from './identity-fixtures';

// OUTBOUND_ALLOW empty: no exception, so loopback is refused like any private address.
const context = useServerWithMail({ OUTBOUND_ALLOW: '' });

/** Loopback v4 and v6, RFC 1918, the cloud metadata address, a name resolving to loopback, IPv4-mapped v6. */
const REFUSED = [
  'http://127.0.0.1:9/hook',
  'http://[::1]:9/hook',
  'http://10.0.0.1/hook',
  'http://169.254.169.254/latest/meta-data/',
  'http://localhost:9/hook',
  'http://[::ffff:127.0.0.1]:9/hook',
];
const HTTPS_REFUSED = REFUSED.map((url) => url.replace(/^http:/, 'https:'));

function admin(label: string) {
  return signUpVerified(context.server.baseUrl, context.smtp, { label });
}

describe('outbound requests to the server’s own network are refused when saved', () => {
  it('notification channels: Slack, Teams, webhook and PagerDuty URLs (400 naming the field)', async () => {
    const { session } = await admin('guard-channels');
    for (const url of REFUSED) {
      await expect400(
        session.post(NOTIFICATION_PATHS.channels, { kind: 'slack', name: 'S', webhook_url: url }),
        'webhook_url',
      );
      await expect400(
        session.post(NOTIFICATION_PATHS.channels, { kind: 'teams', name: 'T', webhook_url: url }),
        'webhook_url',
      );
      await expect400(
        session.post(NOTIFICATION_PATHS.channels, {
          kind: 'webhook',
          name: 'W',
          url,
          signing_secret: 'a-signing-secret-of-enough-length',
        }),
        'url',
      );
      await expect400(
        session.post(NOTIFICATION_PATHS.channels, {
          kind: 'pagerduty',
          name: 'P',
          routing_key: 'k'.repeat(32),
          api_url: url,
        }),
        'api_url',
      );
    }
    const refused = await session.post(NOTIFICATION_PATHS.channels, {
      kind: 'slack',
      name: 'S',
      webhook_url: 'http://169.254.169.254/',
    });
    expect(JSON.stringify(refused.body)).toContain('169.254.169.254 is a linkLocal address');
    // A public address is still accepted.
    const saved = await session.post(NOTIFICATION_PATHS.channels, {
      kind: 'slack',
      name: 'Public',
      webhook_url: 'https://93.184.215.14/services/T/B/x',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const id = (saved.body as { id: string }).id;
    await expect400(
      session.patch(NOTIFICATION_PATHS.channel(id), { webhook_url: 'http://10.0.0.1/x' }),
      'webhook_url',
    );
  });

  it('S3 endpoints and Azure Blob endpoints of cloud accounts', async () => {
    const owner = await admin('guard-sources');
    for (const endpoint of REFUSED) {
      await expect400(
        owner.session.post('/c/cloud_accounts/', {
          name: 'Payer',
          settings: { ...AWS_TEST_SETTINGS, endpoint },
        }),
        'endpoint',
      );
    }
    await owner.session.patch(`/c/admin/clients/${owner.profile.client_id}/`, {
      azure_billing_currency: 'EUR',
    });
    const azure = (credentials: object) =>
      owner.session.post('/c/cloud_accounts/', {
        name: 'Subscription',
        settings: { cloud_type: 'azure', container: 'cost-exports', credentials },
      });
    for (const accountUrl of HTTPS_REFUSED) {
      await expect400(
        azure({ kind: 'sas', account_url: accountUrl, sas_token: 'sv=2024-01-01&sig=x' }),
        'account_url',
      );
      await expect400(
        azure({
          kind: 'connection-string',
          connection_string: `DefaultEndpointsProtocol=https;AccountName=a;AccountKey=a2V5;BlobEndpoint=${accountUrl};`,
        }),
        'connection_string',
      );
    }
  });

  it('SSO issuer URLs', async () => {
    const { session } = await admin('guard-sso');
    for (const issuer of ['http://127.0.0.1:9', 'http://localhost:9', ...HTTPS_REFUSED]) {
      await expect400(
        session.request('PUT', '/c/sso/', {
          body: { enabled: true, issuer, client_id: 'finlens', email_domain: 'corp.test' },
        }),
        'issuer',
      );
    }
  });
});
