import type { ReactNode } from 'react';
import { ApiKeyTab } from '../../features/api-keys/ApiKeyTab';
import { AwsAccountsTab } from '../../features/cloud-accounts/AwsAccountsTab';
import { CloudAccountsTab } from '../../features/cloud-accounts/CloudAccountsTab';
import { NotificationsCenterTab } from '../../features/notifications/NotificationsCenterTab';
import { NotificationsTab } from '../../features/notifications/NotificationsTab';
import { IamPolicyUpdateTab } from '../../features/policy/IamPolicyUpdateTab';
import { ChangePasswordTab } from '../../features/profile/ChangePasswordTab';
import { MyProfileTab } from '../../features/profile/MyProfileTab';
import { RemediationTab } from '../../features/savings-ledger/RemediationTab';
import { SsoTab } from '../../features/sso/SsoTab';
import { TeamMembersTab } from '../../features/team/TeamMembersTab';
import { UnbuiltPage } from '../UnbuiltPage';

interface SettingsTab {
  /** The `?tab=` value in the URL. */
  slug: string;
  label: string;
  panel: ReactNode;
}

/** The settings tabs of spec §2, in the spec's order. Each tab is counted as an unbuilt page until built. */
export const SETTINGS_TABS: readonly SettingsTab[] = [
  { slug: 'aws-accounts', label: 'AWS Accounts', panel: <AwsAccountsTab /> },
  { slug: 'focus-exports', label: 'FOCUS Exports', panel: <UnbuiltPage title="FOCUS Exports" level={2} /> },
  {
    slug: 'bc-plus-integrations',
    label: 'BC+ Integrations',
    panel: <UnbuiltPage title="BC+ Integrations" level={2} />,
  },
  { slug: 'cloud-accounts', label: 'Cloud Accounts', panel: <CloudAccountsTab /> },
  { slug: 'team-members', label: 'Team Members', panel: <TeamMembersTab /> },
  { slug: 'integrations', label: 'Integrations', panel: <UnbuiltPage title="Integrations" level={2} /> },
  { slug: 'notifications-center', label: 'Notifications Center', panel: <NotificationsCenterTab /> },
  { slug: 'remediation', label: 'Remediation', panel: <RemediationTab /> },
  { slug: 'notifications', label: 'Notifications', panel: <NotificationsTab /> },
  { slug: 'sso', label: 'SSO', panel: <SsoTab /> },
  {
    slug: 'solution-providers',
    label: 'Solution Providers',
    panel: <UnbuiltPage title="Solution Providers" level={2} />,
  },
  { slug: 'iam-policy-update', label: 'IAM Policy Update', panel: <IamPolicyUpdateTab /> },
  { slug: 'change-password', label: 'Change Password', panel: <ChangePasswordTab /> },
  { slug: 'my-profile', label: 'My Profile', panel: <MyProfileTab /> },
  { slug: 'api-key', label: 'API Key', panel: <ApiKeyTab /> },
  { slug: 'jira-cloud', label: 'Jira Cloud', panel: <UnbuiltPage title="Jira Cloud" level={2} /> },
];
