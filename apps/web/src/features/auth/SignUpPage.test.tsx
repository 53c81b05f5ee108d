import { PASSWORD_RULE_MESSAGES } from '@finlens/cost-model/password-rules';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../test/msw-server';
import { renderWithProviders } from '../../test/render-with-providers';
import { recordRequests } from '../../test/request-log';

const requests = recordRequests();

type User = ReturnType<typeof renderWithProviders>['user'];

async function fill(user: User, values: Partial<Record<string, string>>) {
  const defaults = {
    'First name': 'Ada',
    'Last name': 'Lovelace',
    'Company name': 'Acme',
    'Work email': 'ada@acme.test',
    Password: 'Secret!23',
    'Confirm password': 'Secret!23',
  };
  for (const [label, value] of Object.entries({ ...defaults, ...values })) {
    const input = await screen.findByLabelText(label);
    await user.clear(input);
    // One paste per field instead of a key per character keeps the test fast under a loaded runner.
    if (value !== undefined && value !== '') await user.paste(value);
  }
}

describe('sign-up', () => {
  it.each([
    ['/accounts/signup_user/', 'user'],
    ['/accounts/signup_internal_user/', 'internal_user'],
    ['/accounts/signup_clara_user/', 'clara_user'],
    ['/accounts/ftr/', 'ftr'],
  ])('%s posts signup_type %s and then says where the verification link went', async (path, signupType) => {
    server.use(
      http.post('*/rest-auth/registration/', () =>
        HttpResponse.json({ detail: 'Verification e-mail sent.' }, { status: 201 }),
      ),
    );
    const { user } = renderWithProviders(path);
    await fill(user, {});
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(
      await screen.findByText(
        'We sent a verification link to ada@acme.test. Open it to verify your address, then sign in.',
      ),
    ).toBeInTheDocument();
    expect(requests.bodyOf('POST /rest-auth/registration/')).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      company_name: 'Acme',
      email: 'ada@acme.test',
      password1: 'Secret!23',
      password2: 'Secret!23',
      signup_type: signupType,
    });
  });

  it('ticks the password rules live with the spec messages', async () => {
    const { user } = renderWithProviders('/accounts/signup_user/');
    const rules = await screen.findByRole('list', { name: 'Password rules' });
    const items = within(rules).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(Object.values(PASSWORD_RULE_MESSAGES));
    expect(items.every((item) => item.dataset.state === 'pending')).toBe(true);
    await user.type(screen.getByLabelText('Password'), 'abc');
    const state = (message: string) => within(rules).getByText(message).closest('li')?.dataset.state;
    expect(state(PASSWORD_RULE_MESSAGES.upperAndLower)).toBe('unmet');
    expect(state(PASSWORD_RULE_MESSAGES.maxLength)).toBe('met');
    await user.type(screen.getByLabelText('Password'), 'D1!');
    expect(state(PASSWORD_RULE_MESSAGES.upperAndLower)).toBe('met');
    expect(state(PASSWORD_RULE_MESSAGES.digit)).toBe('met');
    expect(state(PASSWORD_RULE_MESSAGES.special)).toBe('met');
  });

  it.each([
    ['no digit', 'Secret!ab', PASSWORD_RULE_MESSAGES.digit],
    ['no special character', 'Secret123', PASSWORD_RULE_MESSAGES.special],
    ['one case only', 'secret!23', PASSWORD_RULE_MESSAGES.upperAndLower],
    ['too long', `Aa1!${'x'.repeat(23)}`, PASSWORD_RULE_MESSAGES.maxLength],
    ['the company name', 'Acme!23x', PASSWORD_RULE_MESSAGES.noPersonalInfo],
    ['the first name', 'xADA!23y', PASSWORD_RULE_MESSAGES.noPersonalInfo],
  ])('refuses a password with %s before calling the server', async (_case, password, message) => {
    const { user } = renderWithProviders('/accounts/signup_user/');
    await fill(user, { Password: password, 'Confirm password': password });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const field = screen.getByLabelText('Password');
    await waitFor(() => expect(field).toHaveAccessibleDescription(message));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(requests.calls()).not.toContain('POST /rest-auth/registration/');
  });

  it('checks the email format, required names and matching passwords', async () => {
    const { user } = renderWithProviders('/accounts/signup_user/');
    await fill(user, { 'Work email': 'ada@', 'First name': '', 'Confirm password': 'Other!23' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('This field is required.')).toBeInTheDocument();
    await fill(user, { 'Confirm password': 'Other!23' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText("The two password fields didn't match.")).toBeInTheDocument();
    expect(requests.calls()).not.toContain('POST /rest-auth/registration/');
  });

  it('shows the server field errors under their fields', async () => {
    server.use(
      http.post('*/rest-auth/registration/', () =>
        HttpResponse.json(
          {
            detail: 'password1: Must not contain your personal information or company name.',
            errors: { password1: [PASSWORD_RULE_MESSAGES.noPersonalInfo] },
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderWithProviders('/accounts/signup_user/');
    await fill(user, {});
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
        PASSWORD_RULE_MESSAGES.noPersonalInfo,
      ),
    );
  });
});
