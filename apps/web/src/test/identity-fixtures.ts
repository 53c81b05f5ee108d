import type { Client, ClientStatus, Project } from '@finlens/contracts/admin';
import type { Profile } from '@finlens/contracts/auth';
import type { CostSummary } from '@finlens/contracts/cost-summary';
import type { PackageInfo, PaymentMethod } from '@finlens/contracts/payment';
import type { PolicyData } from '@finlens/contracts/policy';

/** The signed-in user of the web tests: a verified admin of one client with one AWS project. */
export const TEST_PROFILE: Profile = {
  id: '42',
  client_id: 'c1',
  email: 'ada@acme.test',
  first_name: 'Ada',
  last_name: 'Lovelace',
  has_project: true,
  is_admin: true,
  is_partner_user: false,
  partner_user_role: null,
  profile_picture: null,
  is_hubspot_covered: false,
  email_verified: true,
  member_rbac_enabled: false,
  is_internal_user: false,
};

export const TEST_CLIENT: Client = {
  id: 'c1',
  partner: null,
  sharesave_allowed: false,
  azure_billing_currency: null,
  is_rbac_enabled: false,
  name: 'Acme Corp',
  has_marketplace_subscription: false,
  explore: true,
};

export const TEST_STATUS: ClientStatus = {
  client_id: 'c1',
  has_project: true,
  aws_projects: 1,
  azure_projects: 0,
  last_ingestion_datetime: null,
  stage: 'awaiting_data',
};

export const TEST_PROJECTS: Project[] = [
  {
    id: 'p1',
    name: 'Production',
    status: 'configured',
    cloud_type: 'aws',
    billing: { last_ingestion_datetime: null },
    created_at: '2026-11-01T00:00:00Z',
  },
];

export const TEST_POLICY: PolicyData = {
  latest: { version: '2026-11', released_at: '2026-11-01T00:00:00Z', summary: 'Read billing exports.' },
  projects: [
    {
      project_id: 'p1',
      project_name: 'Production',
      accepted_version: '2026-11',
      accepted_at: '2026-11-02T00:00:00Z',
      up_to_date: true,
      changes: { added: [], removed: [] },
    },
  ],
  accepted: true,
};

export const TEST_PAYMENT: PaymentMethod = {
  start_subscription_date: '2026-11-01',
  payment_method: 'self_hosted',
  product_name: 'Finlens self-hosted',
};

export const TEST_PACKAGE: PackageInfo = {
  plan: 'self_hosted',
  inform_paid: true,
  operate_paid: true,
  packages: [{ key: 'inform', name: 'Inform', active: true }],
  trial: { available: false, active: false, ends_at: null },
};

/** Month-to-date spend of the test client (the start-up chain's last step). */
export const TEST_COST_SUMMARY: CostSummary = {
  mtd_spend: 1234.5,
  mtd_delta_spend: 12.5,
  interval_spend: 2000,
  previous_interval_spend: 1800,
  currency: 'USD',
  as_of: '2026-11-21',
  start_of_month_window: false,
};
