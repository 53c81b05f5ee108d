import { PASSWORD_RULE_MESSAGES } from '@finlens/cost-model/password-rules';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../test/msw-server';
import { renderWithProviders } from '../../test/render-with-providers';
import { recordRequests } from '../../test/request-log';

const requests = recordRequests();

describe('forgot password', () => {
  it('mails a reset link, then shows the email-sent screen', async () => {
    server.use(http.post('*/rest-auth/password/reset/', () => HttpResponse.json({ detail: 'sent' })));
    const { router, user } = renderWithProviders('/accounts/forgot-password/');
    await user.type(await screen.findByLabelText('Email'), 'ada@acme.test');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounts/reset-password-email-sent/'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reset Password Email Sent' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/If an account exists for ada@acme.test/)).toBeInTheDocument();
    expect(requests.bodyOf('POST /rest-auth/password/reset/')).toEqual({ email: 'ada@acme.test' });
  });

  it('refuses a malformed email', async () => {
    const { user } = renderWithProviders('/accounts/forgot-password/');
    await user.type(await screen.findByLabelText('Email'), 'ada');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
  });
});

describe('reset password from the emailed link', () => {
  const path = '/accounts/reset-password/confirm/u-7/tok-9';

  it('posts uid, token and the new password twice, then shows the success screen', async () => {
    server.use(http.post('*/rest-auth/password/reset/confirm/', () => HttpResponse.json({ detail: 'ok' })));
    const { router, user } = renderWithProviders(path);
    await user.type(await screen.findByLabelText('New password'), 'Better!42');
    await user.type(screen.getByLabelText('Confirm new password'), 'Better!42');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounts/password-reset-success/'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Password Reset Success' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/accounts/signin/');
    expect(requests.bodyOf('POST /rest-auth/password/reset/confirm/')).toEqual({
      uid: 'u-7',
      token: 'tok-9',
      new_password1: 'Better!42',
      new_password2: 'Better!42',
    });
  });

  it('checks the rules and the match before calling the server', async () => {
    const { user } = renderWithProviders(path);
    await user.type(await screen.findByLabelText('New password'), 'better42');
    await user.type(screen.getByLabelText('Confirm new password'), 'better42');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() =>
      expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
        PASSWORD_RULE_MESSAGES.upperAndLower,
      ),
    );
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'Better!42');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText("The two password fields didn't match.")).toBeInTheDocument();
    expect(requests.calls()).not.toContain('POST /rest-auth/password/reset/confirm/');
  });

  it('offers a new link when the token is used or expired', async () => {
    const message = 'The reset link is invalid or has expired.';
    server.use(
      http.post('*/rest-auth/password/reset/confirm/', () =>
        HttpResponse.json({ detail: message, error: message, errors: { token: [message] } }, { status: 400 }),
      ),
    );
    const { user } = renderWithProviders(path);
    await user.type(await screen.findByLabelText('New password'), 'Better!42');
    await user.type(screen.getByLabelText('Confirm new password'), 'Better!42');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/accounts/forgot-password/',
    );
  });
});
