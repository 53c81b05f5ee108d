import type { Preferences } from '@finlens/contracts/notifications';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../test/msw-server';
import { renderElement, renderWithProviders } from '../../test/render-with-providers';
import { recordRequests } from '../../test/request-log';
import { NotificationsTab } from './NotificationsTab';

const requests = recordRequests();
const PATH = '*/notification/rest/finlens_notification_preferences/';

function servePreferences(initial: Preferences) {
  let stored = initial;
  server.use(
    http.get(PATH, () => HttpResponse.json(stored)),
    http.put(PATH, async ({ request }) => {
      stored = (await request.json()) as Preferences;
      return HttpResponse.json(stored);
    }),
  );
}

describe('Notifications tab', () => {
  it("shows the user's preferences and saves a change with PUT", async () => {
    servePreferences({ email_sources: ['cost_target_alert', 'anomaly'], email_frequency: 'immediately' });
    const { user } = renderElement(<NotificationsTab />, { signedIn: true });
    const form = within(await screen.findByRole('form', { name: 'Notification preferences' }));
    expect(form.getByRole('checkbox', { name: 'Cost target alerts' })).toBeChecked();
    expect(form.getByRole('checkbox', { name: 'Anomalies' })).toBeChecked();
    expect(form.getByRole('checkbox', { name: 'Reports' })).not.toBeChecked();
    expect(form.getByRole('radio', { name: /Immediately/ })).toBeChecked();
    expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();

    await user.click(form.getByRole('checkbox', { name: 'Anomalies' }));
    await user.click(form.getByRole('checkbox', { name: 'Reports' }));
    await user.click(form.getByRole('radio', { name: /Weekly digest/ }));
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Notification preferences saved.')).toBeInTheDocument();
    expect(requests.bodyOf('PUT /notification/rest/finlens_notification_preferences/')).toEqual({
      email_sources: ['cost_target_alert', 'report'],
      email_frequency: 'weekly',
    });
    expect(form.getByRole('radio', { name: /Weekly digest/ })).toBeChecked();
    expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('turns every email off', async () => {
    servePreferences({ email_sources: ['anomaly'], email_frequency: 'daily' });
    const { user } = renderElement(<NotificationsTab />, { signedIn: true });
    const form = within(await screen.findByRole('form', { name: 'Notification preferences' }));
    await user.click(form.getByRole('radio', { name: /Off/ }));
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Notification preferences saved.')).toBeInTheDocument();
    expect(requests.bodyOf('PUT /notification/rest/finlens_notification_preferences/')).toEqual({
      email_sources: ['anomaly'],
      email_frequency: 'off',
    });
  });

  it('shows the catalogue text when the save is refused', async () => {
    servePreferences({ email_sources: [], email_frequency: 'immediately' });
    server.use(http.put(PATH, () => HttpResponse.json({ detail: 'Nope' }, { status: 500 })));
    const { user } = renderElement(<NotificationsTab />, { signedIn: true });
    const form = within(await screen.findByRole('form', { name: 'Notification preferences' }));
    await user.click(form.getByRole('checkbox', { name: 'Reports' }));
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).not.toHaveTextContent('saved');
  });

  it('opens at /v3/settings?tab=notifications', async () => {
    servePreferences({ email_sources: ['anomaly'], email_frequency: 'daily' });
    renderWithProviders('/v3/settings?tab=notifications', { signedIn: true });
    const panel = within(await screen.findByRole('tabpanel'));
    expect(panel.getByRole('heading', { level: 2, name: 'Notifications' })).toBeInTheDocument();
    expect(await panel.findByRole('radio', { name: /Daily digest/ })).toBeChecked();
  });
});
