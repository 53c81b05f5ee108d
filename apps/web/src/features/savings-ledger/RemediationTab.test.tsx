import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { expect, it } from 'vitest';
import { server } from '../../test/msw-server';
import { renderWithProviders } from '../../test/render-with-providers';
import { recordRequests } from '../../test/request-log';

const requests = recordRequests();

it('adds a policy for a rule and saves the client’s policies whole', { timeout: 20_000 }, async () => {
  server.use(
    http.put('*/c/savings_ledger/remediation/', async ({ request }) =>
      HttpResponse.json(await request.json()),
    ),
  );
  const { user } = renderWithProviders('/v3/settings?tab=remediation', { signedIn: true });
  expect(await screen.findByRole('heading', { level: 2, name: 'Remediation' })).toBeVisible();
  await user.click(screen.getByRole('button', { name: 'Add a policy' }));
  await user.click(screen.getByRole('checkbox', { name: 'Apply automatically' }));
  await user.type(screen.getByRole('textbox', { name: 'Tags (key=value, comma-separated)' }), 'env=dev');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Saved.')).toBeVisible();
  expect(requests.bodyOf('PUT /c/savings_ledger/remediation/')).toEqual({
    policies: [
      {
        rule_key: 'ec2-idle',
        auto_apply: true,
        approval: 'admin',
        account_ids: [],
        tags: [{ key: 'env', value: 'dev' }],
      },
    ],
  });
});
