import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';

const SPEC_TABS = [
  'AWS Accounts',
  'FOCUS Exports',
  'BC+ Integrations',
  'Cloud Accounts',
  'Team Members',
  'Integrations',
  'Notifications Center',
  'Remediation',
  'Notifications',
  'SSO',
  'Solution Providers',
  'IAM Policy Update',
  'Change Password',
  'My Profile',
  'API Key',
  'Jira Cloud',
];

describe('settings page', () => {
  it('lists exactly the spec tabs in order, the first selected by default', async () => {
    renderWithProviders('/v3/settings', { signedIn: true });
    const tabList = await screen.findByRole('tablist', { name: 'Settings' });
    const tabs = within(tabList).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(SPEC_TABS);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('heading', { level: 2, name: 'AWS Accounts' })).toBeInTheDocument();
    expect(await within(panel).findByText('Connect your first AWS account')).toBeInTheDocument();
  });

  it('keeps the selected tab in the URL', async () => {
    const { router, user } = renderWithProviders('/v3/settings?tab=sso', { signedIn: true });
    expect(await screen.findByRole('tab', { name: 'SSO', selected: true })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Jira Cloud' }));
    expect(router.state.location.search).toBe('?tab=jira-cloud');
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('heading', { level: 2, name: 'Jira Cloud' })).toBeInTheDocument();
  });

  it('falls back to the first tab for an unknown slug', async () => {
    renderWithProviders('/v3/settings?tab=nope', { signedIn: true });
    expect(await screen.findByRole('tab', { name: 'AWS Accounts', selected: true })).toBeInTheDocument();
  });
});
