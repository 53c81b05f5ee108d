import type { AccountFilterEntry } from '@finlens/contracts/admin';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../test/msw-server';
import { renderWithProviders } from '../../test/render-with-providers';
import { dailyAnswer } from '../home/cost-answer.test-helper';

const PROJECTS: AccountFilterEntry[] = [
  {
    id: 'p1',
    value: 'Payer',
    status: 'configured',
    cloudPlatform: 'aws',
    last_ingestion_datetime: '2026-11-21T06:00:00.000Z',
  },
  {
    id: 'p2',
    value: 'New account',
    status: 'awaiting_configuration',
    cloudPlatform: 'azure',
    last_ingestion_datetime: null,
  },
];

/** This month: Payer $300, usage accounts 1111 $200 and 2222 $100; last month: Payer $150, 1111 $150. */
function answerCosts() {
  server.use(
    http.get('*/c/admin/projectaws_listing/', () => HttpResponse.json(PROJECTS)),
    http.get('*/c/admin/projectaws/organization_accounts/', () =>
      HttpResponse.json([{ account_id: '111111111111', account_name: 'Production', payer_project_id: 'p1' }]),
    ),
    http.get('*/c/cost_page/dimension_daily_cost/', ({ request }) => {
      const params = new URL(request.url).searchParams;
      const start = params.get('start_date') ?? '';
      const end = params.get('end_date') ?? '';
      const thisMonth = params.get('granularity') === 'day';
      if (params.get('dimension') === 'billing_project_name') {
        return HttpResponse.json(
          dailyAnswer(start, end, [{ key: 'p1', label: 'Payer', total: thisMonth ? 300 : 150 }]),
        );
      }
      return HttpResponse.json(
        dailyAnswer(
          start,
          end,
          thisMonth
            ? [
                { key: '111111111111', total: 200 },
                { key: '222222222222', total: 100 },
              ]
            : [{ key: '111111111111', total: 150 }],
        ),
      );
    }),
  );
}

describe('organization overview', () => {
  it('lists every project and usage account with this month, last month and the change; sorted by this month', async () => {
    answerCosts();
    renderWithProviders('/v3/organization-overview', { signedIn: true });
    const grid = await screen.findByRole('region', { name: 'Accounts' });
    await waitFor(() => expect(within(grid).getByText('Production (111111111111)')).toBeInTheDocument());
    const rowOf = (text: string) =>
      within(grid)
        .getAllByRole('row')
        .find((row) => row.textContent?.includes(text))
        ?.querySelectorAll('[role="gridcell"]') ?? [];
    const cells = (text: string) => [...rowOf(text)].map((cell) => cell.textContent);
    expect(cells('Payer')).toEqual([
      'Payer',
      'Project',
      'AWS',
      'Ready',
      '2026-11-21T06:00:00',
      '$300.00',
      '$150.00',
      '+100.00%',
    ]);
    expect(cells('New account')).toEqual([
      'New account',
      'Project',
      'Azure',
      'Awaiting configuration',
      '-',
      '-',
      '-',
      '-',
    ]);
    // A named member account shows its name beside its id, with its payer project's cloud, status and ingestion.
    expect(cells('Production')).toEqual([
      'Production (111111111111)',
      'Usage account',
      'AWS',
      'Ready',
      '2026-11-21T06:00:00',
      '$200.00',
      '$150.00',
      '+33.33%',
    ]);
    // An account no project is known to pay for: its cloud from the id's form, seen only in the bill.
    expect(cells('222222222222')).toEqual([
      '222222222222',
      'Usage account',
      'AWS',
      'In billing data',
      '-',
      '$100.00',
      '-',
      '-',
    ]);
    // Money and dates never wrap mid-value.
    for (const cell of [...rowOf('Payer')].slice(4)) expect(cell).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(within(grid).getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();

    // Sorted by this month's spend (AG Grid sorts on a header click).
    const names = () =>
      [...grid.querySelectorAll('[role="row"][row-index]')]
        .sort((x, y) => Number(x.getAttribute('row-index')) - Number(y.getAttribute('row-index')))
        .map((row) => row.querySelector('[col-id="name"]')?.textContent);
    await waitFor(() =>
      expect(names()).toEqual(['Payer', 'Production (111111111111)', '222222222222', 'New account']),
    );
  });
});
