import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../test/msw-server';
import { renderWithProviders } from '../../test/render-with-providers';
import { recordRequests } from '../../test/request-log';
import { answerAsMember } from '../showbacks/showback-fixtures.test-helper';
import { SHOWBACK, statement, summaryOf } from './chargebacks-fixtures.test-helper';

const requests = recordRequests();
const ISSUED = statement(
  { id: 'st-1', status: 'issued', version: 1, issued_at: '2026-11-02T09:00:00.000Z' },
  10,
);
const DRAFT = statement({ id: 'st-2', status: 'draft', version: 1, month: '2026-09' });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
  server.use(
    http.get('*/c/showback/showbacks/', () => HttpResponse.json([SHOWBACK])),
    http.get('*/c/chargeback/statements/', () =>
      HttpResponse.json({ statements: [summaryOf(ISSUED), summaryOf(DRAFT)] }),
    ),
    http.get('*/c/chargeback/statements/st-1/', () => HttpResponse.json(ISSUED)),
  );
});
afterEach(() => vi.useRealTimers());

async function openCenter(search = '') {
  const view = renderWithProviders(`/v3/cost/chargebacks-center/${search}`, { signedIn: true });
  await screen.findByRole('heading', { level: 1, name: 'Chargebacks Center' }, { timeout: 20_000 });
  return view;
}

describe('Chargebacks Center', () => {
  it('lists statements and filters them by month, showback and status in the URL', {
    timeout: 30_000,
  }, async () => {
    const { user, router } = await openCenter();
    const table = await screen.findByRole('table', { name: 'Statements' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('row', { name: /2026-10 Teams 1 Issued/ })).toHaveTextContent('$128.27');
    expect(requests.calls()).toContain('GET /c/chargeback/statements/?imply_client=true');

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Issued' }));
    await user.click(screen.getByRole('combobox', { name: 'Month' }));
    await user.click(await screen.findByRole('option', { name: '2026-10' }));
    await vi.waitFor(() =>
      expect(requests.calls()).toContain(
        'GET /c/chargeback/statements/?month=2026-10&status=issued&imply_client=true',
      ),
    );
    expect(router.state.location.search).toBe('?status=issued&month=2026-10');
  });

  it('opens a statement with its lines and CSV and PDF links, re-issues and voids it', {
    timeout: 30_000,
  }, async () => {
    let voidBody: unknown;
    server.use(
      http.post('*/c/chargeback/statements/st-1/reissue/', () =>
        HttpResponse.json(statement({ id: 'st-3', status: 'issued', version: 2, supersedes_id: 'st-1' }), {
          status: 201,
        }),
      ),
      http.get('*/c/chargeback/statements/st-3/', () =>
        HttpResponse.json(
          statement({
            id: 'st-3',
            status: 'issued',
            version: 2,
            supersedes_id: 'st-1',
            lines: ISSUED.lines.map((l) => ({
              ...l,
              previous_total: l.total - 1,
              difference: 1,
              services: l.services.map((x) => ({ ...x, previous_cost: x.cost - 1, difference: 1 })),
            })),
          }),
        ),
      ),
      http.post('*/c/chargeback/statements/st-3/void/', async ({ request }) => {
        voidBody = await request.json();
        return HttpResponse.json(
          statement({ id: 'st-3', status: 'void', version: 2, void_reason: 'Wrong month' }),
        );
      }),
    );
    const { user, router } = await openCenter();
    await user.click(await screen.findByRole('button', { name: 'Open Teams 2026-10 version 1' }));
    const panel = await screen.findByRole('region', { name: 'Statement' });
    expect(
      await within(panel).findByRole('heading', { name: 'Teams · 2026-10 · version 1' }),
    ).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/c/chargeback/statements/st-1/csv/?imply_client=true',
    );
    expect(within(panel).getByRole('link', { name: 'Export PDF' })).toHaveAttribute(
      'href',
      '/c/chargeback/statements/st-1/pdf/?imply_client=true',
    );
    expect(within(panel).queryByRole('button', { name: 'Issue' })).not.toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Re-issue with current data' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?statement=st-3'));
    const next = await screen.findByRole('heading', { name: 'Teams · 2026-10 · version 2' });
    expect(next).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Difference' })).toBeInTheDocument();
    // Each service line with its cost in the version replaced and the difference.
    expect(screen.getByRole('row', { name: 'AmazonRDS of db' })).toHaveTextContent('$60.00$59.00$1.00');

    await user.click(screen.getByRole('button', { name: 'Void' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void statement' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Wrong month');
    await user.click(within(dialog).getByRole('button', { name: 'Void' }));
    await vi.waitFor(() => expect(voidBody).toEqual({ reason: 'Wrong month' }));
  });

  it('lets a member open and export a statement, not issue, re-issue or void it', {
    timeout: 30_000,
  }, async () => {
    answerAsMember();
    server.use(http.get('*/c/chargeback/statements/st-2/', () => HttpResponse.json(DRAFT)));
    await openCenter('?statement=st-2');
    const panel = await screen.findByRole('region', { name: 'Statement' });
    await within(panel).findByRole('heading', { name: 'Teams · 2026-09 · version 1' });
    expect(within(panel).getByRole('link', { name: 'Export CSV' })).toBeInTheDocument();
    for (const name of ['Issue', 'Re-issue with current data', 'Void']) {
      expect(within(panel).queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });
});

describe('Chargebacks Center (Legacy)', () => {
  it('shows the statements read-only with a link to the center', { timeout: 30_000 }, async () => {
    renderWithProviders('/v3/cost/chargebacks-center-legacy/', { signedIn: true });
    await screen.findByRole(
      'heading',
      { level: 1, name: 'Chargebacks Center (Legacy)' },
      { timeout: 20_000 },
    );
    const table = await screen.findByRole('table', { name: 'Statements' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Chargebacks Center' })).toHaveAttribute(
      'href',
      '/v3/cost/chargebacks-center/',
    );
  });
});
