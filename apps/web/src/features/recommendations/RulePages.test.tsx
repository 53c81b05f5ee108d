import type { RuleChanges, RulesList } from '@finlens/contracts/recommendations';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../test/msw-server';
import { renderWithProviders } from '../../test/render-with-providers';
import { recordRequests } from '../../test/request-log';
import { EVALUATION, RIGHTSIZING, RIGHTSIZING_RULE } from './recommendation-fixtures.test-helper';

const requests = recordRequests();
const SLOW = { timeout: 20_000 };

const IDLE_RULE = {
  ...RIGHTSIZING_RULE,
  key: 'ec2-idle' as const,
  name: 'Idle EC2 instances',
  thresholds: [
    {
      key: 'cpu_max_percent',
      label: 'Peak CPU below',
      unit: 'percent',
      default: 5,
      value: 5,
      overridden: false,
      min: 0,
      max: 100,
    },
    {
      key: 'lookback_days',
      label: 'Look-back',
      unit: 'days',
      default: 14,
      value: 7,
      overridden: true,
      min: 1,
      max: 14,
    },
  ],
};

const CHANGES: RuleChanges = {
  count: 2,
  page: 1,
  page_size: 50,
  results: [
    {
      id: 'ev2',
      recommendation_id: RIGHTSIZING.id,
      rule_key: 'ec2-rightsizing',
      event: 'resolved',
      at: '2026-11-25T07:00:00.000Z',
      project_id: 'p1',
      account_id: '123',
      region: 'us-east-1',
      resource_id: 'i-0abc',
      resource_name: 'web-1',
      estimated_monthly_saving: 0,
      previous_monthly_saving: 80.3,
      cause: {
        change: 'changed',
        recorded_at: '2026-11-25T06:00:00.000Z',
        fields: [{ field: 'instanceType', before: 'm5.xlarge', after: 'm5.large' }],
      },
    },
    {
      id: 'ev1',
      recommendation_id: RIGHTSIZING.id,
      rule_key: 'ec2-rightsizing',
      event: 'opened',
      at: '2026-11-20T07:00:00.000Z',
      project_id: 'p1',
      account_id: '123',
      region: 'us-east-1',
      resource_id: 'i-0abc',
      resource_name: 'web-1',
      estimated_monthly_saving: 80.3,
      previous_monthly_saving: null,
      cause: null,
    },
  ],
};

describe('rules', () => {
  it(
    'lists what opened and resolved violations with the inventory change, filtered by rule in the URL',
    SLOW,
    async () => {
      server.use(http.get('*/c/rules/changes/', () => HttpResponse.json(CHANGES)));
      const { user, router } = renderWithProviders('/v3/rule-details/', { signedIn: true });
      const table = await screen.findByRole('table', { name: 'Rule changes' });
      const resolved = within(table).getAllByRole('row', { name: 'Open web-1' })[0] as HTMLElement;
      expect(within(resolved).getByText('instanceType m5.xlarge → m5.large')).toBeVisible();
      expect(within(resolved).getByText('$80.30 → -')).toBeVisible();
      expect(within(table).getByText('Metrics, cost or thresholds moved')).toBeVisible();
      await user.click(screen.getByRole('combobox', { name: 'Event' }));
      await user.click(await screen.findByRole('option', { name: 'Resolved' }));
      expect(router.state.location.search).toContain('event=resolved');
      await screen.findByRole('table', { name: 'Rule changes' });
      expect(
        requests
          .calls()
          .filter((c) => c.startsWith('GET /c/rules/changes/'))
          .at(-1),
      ).toContain('event=resolved');
      resolved.focus();
      await user.keyboard('{Enter}');
      expect(router.state.location.pathname).toContain('/v3/essentials/rightsizing-details/ec2-rightsizing/');
    },
  );

  it('lets an admin change thresholds, showing the server’s 400 under the field it names', SLOW, async () => {
    const list: RulesList = { results: [IDLE_RULE], evaluation: EVALUATION };
    let patches = 0;
    server.use(
      http.get('*/c/rules/', () => HttpResponse.json(list)),
      http.patch('*/c/rules/ec2-idle/', () => {
        patches += 1;
        return patches === 1
          ? HttpResponse.json(
              {
                detail: 'Invalid input.',
                errors: { 'thresholds.cpu_max_percent': ['Enter a value from 0 to 100.'] },
              },
              { status: 400 },
            )
          : HttpResponse.json(IDLE_RULE);
      }),
    );
    const { user } = renderWithProviders('/v3/rules/', { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Edit Idle EC2 instances' }));
    const dialog = await screen.findByRole('dialog', { name: 'Idle EC2 instances' });
    const cpu = within(dialog).getByRole('spinbutton', { name: 'Peak CPU below (percent)' });
    expect(within(dialog).getByRole('spinbutton', { name: 'Look-back (days)' })).toHaveValue(7);
    await user.type(cpu, '150');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a value from 0 to 100.')).toBeVisible();
    await user.clear(cpu);
    await user.type(cpu, '3');
    await user.clear(within(dialog).getByRole('spinbutton', { name: 'Look-back (days)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByRole('table', { name: 'Rules' });
    expect(requests.log.filter((r) => r.call === 'PATCH /c/rules/ec2-idle/').at(-1)?.body).toEqual({
      enabled: true,
      thresholds: { cpu_max_percent: 3, lookback_days: null },
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
