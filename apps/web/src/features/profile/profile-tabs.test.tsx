import { PASSWORD_RULE_MESSAGES } from '@finlens/cost-model/password-rules';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { TEST_PROFILE } from '../../test/identity-fixtures';
import { server } from '../../test/msw-server';
import { renderWithProviders } from '../../test/render-with-providers';
import { recordRequests } from '../../test/request-log';

const requests = recordRequests();

describe('My Profile tab', () => {
  it('saves first and last name with PATCH; the email is read-only; the app bar follows', async () => {
    server.use(
      http.patch('*/c/current/user/', async ({ request }) =>
        HttpResponse.json({ ...TEST_PROFILE, ...((await request.json()) as object) }),
      ),
    );
    const { user } = renderWithProviders('/v3/settings?tab=my-profile', { signedIn: true });
    const first = await screen.findByLabelText('First name');
    expect(first).toHaveValue('Ada');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    await user.clear(first);
    await user.type(first, 'Augusta');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
    expect(requests.bodyOf('PATCH /c/current/user/')).toEqual({
      first_name: 'Augusta',
      last_name: 'Lovelace',
    });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Account menu' })).toHaveTextContent('Augusta Lovelace'),
    );
  });

  it('requires the names', async () => {
    const { user } = renderWithProviders('/v3/settings?tab=my-profile', { signedIn: true });
    await user.clear(await screen.findByLabelText('Last name'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(requests.calls()).not.toContain('PATCH /c/current/user/');
  });
});

describe('Change Password tab', () => {
  const PATH = '/v3/settings?tab=change-password';

  it('posts the old and new passwords', async () => {
    server.use(http.post('*/rest-auth/password/change/', () => HttpResponse.json({ detail: 'ok' })));
    const { user } = renderWithProviders(PATH, { signedIn: true });
    await user.type(await screen.findByLabelText('Current password'), 'Old!pass1');
    await user.type(screen.getByLabelText('New password'), 'New!pass2');
    await user.type(screen.getByLabelText('Confirm new password'), 'New!pass2');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(requests.bodyOf('POST /rest-auth/password/change/')).toEqual({
      old_password: 'Old!pass1',
      new_password1: 'New!pass2',
      new_password2: 'New!pass2',
    });
  });

  it('refuses a new password holding the user’s name, and shows a wrong current password', async () => {
    server.use(
      http.post('*/rest-auth/password/change/', () =>
        HttpResponse.json(
          {
            detail: 'old_password: Wrong',
            error: 'old_password: Wrong',
            errors: { old_password: ['Your old password was entered incorrectly.'] },
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderWithProviders(PATH, { signedIn: true });
    await user.type(await screen.findByLabelText('Current password'), 'Old!pass1');
    await user.type(screen.getByLabelText('New password'), 'Lovelace!1');
    await user.type(screen.getByLabelText('Confirm new password'), 'Lovelace!1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
        PASSWORD_RULE_MESSAGES.noPersonalInfo,
      ),
    );
    expect(requests.calls()).not.toContain('POST /rest-auth/password/change/');

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'Better!42');
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'Better!42');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(
        'Your old password was entered incorrectly.',
      ),
    );
  });
});
