import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../test/msw-server';
import { renderWithProviders } from '../../test/render-with-providers';
import { recordRequests } from '../../test/request-log';
import { answerAsMember } from '../showbacks/showback-fixtures.test-helper';
import { SHOWBACK, statement } from './chargebacks-fixtures.test-helper';

const requests = recordRequests();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
  server.use(
    http.get('*/c/showback/showbacks/', () => HttpResponse.json([SHOWBACK])),
    http.post('*/c/chargeback/preview/', async ({ request }) => {
      const body = (await request.json()) as { markups: Record<string, number> };
      return HttpResponse.json(statement({}, body.markups.web ?? 0));
    }),
  );
});
afterEach(() => vi.useRealTimers());

async function openPage(search = '?showback_id=sb-1') {
  const view = renderWithProviders(`/v3/cost/chargeback/${search}`, { signedIn: true });
  await screen.findByRole('heading', { level: 1, name: 'Chargeback' }, { timeout: 20_000 });
  return view;
}

describe('Chargeback page', () => {
  it('previews the last closed month with lines, totals and the reconciliation', {
    timeout: 30_000,
  }, async () => {
    await openPage();
    const table = await screen.findByRole('table', { name: 'Statement lines' });
    const web = within(table).getByRole('row', { name: /^web/ });
    expect(web).toHaveTextContent('$45.00');
    expect(web).toHaveTextContent('$7.71');
    expect(web).toHaveTextContent('$52.71');
    expect(web).toHaveTextContent('$50.00'); // September
    expect(within(table).getByRole('row', { name: 'AmazonEC2 of web' })).toHaveTextContent('$30.00');
    expect(within(table).getByRole('row', { name: 'AmazonS3 of web' })).toHaveTextContent('$15.00');
    expect(within(table).getByRole('row', { name: 'AmazonRDS of db' })).toHaveTextContent('$60.00');
    expect(within(table).getByRole('columnheader', { name: 'Previous month' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /^Total/ })).toHaveTextContent('$111.00');
    expect(screen.getByLabelText('Reconciliation')).toHaveTextContent(
      'Lines $123.00 + Unallocated $12.00 = showback total $135.00 (reconciles to the cent).',
    );
    expect(requests.bodyOf('POST /c/chargeback/preview/')).toMatchObject({
      showback_id: 'sb-1',
      month: '2026-10',
      cost_type: 'amortized',
      markups: {},
    });
    expect(requests.calls()).toContain('GET /c/showback/showbacks/?imply_client=true');
  });

  it('asks for a showback before previewing', { timeout: 30_000 }, async () => {
    await openPage('');
    expect(await screen.findByText('Choose a showback and a closed month.')).toBeInTheDocument();
    expect(requests.calls().some((c) => c.startsWith('POST /c/chargeback/preview/'))).toBe(false);
  });

  it('applies a markup per value, creates a draft and issues it', { timeout: 30_000 }, async () => {
    let created: unknown;
    server.use(
      http.post('*/c/chargeback/statements/', async ({ request }) => {
        created = await request.json();
        return HttpResponse.json(statement({ id: 'st-1', status: 'draft', version: 1 }, 10), { status: 201 });
      }),
      http.post('*/c/chargeback/statements/st-1/issue/', () =>
        HttpResponse.json(statement({ id: 'st-1', status: 'issued', version: 1 }, 10)),
      ),
    );
    const { user } = await openPage();
    await user.type(await screen.findByLabelText('Markup % of web'), '10');
    const table = screen.getByRole('table', { name: 'Statement lines' });
    await vi.waitFor(() =>
      expect(within(table).getByRole('row', { name: /^web/ })).toHaveTextContent('$57.98'),
    );
    expect(within(table).getByRole('row', { name: /^Total/ })).toHaveTextContent('$5.27');
    await user.click(screen.getByRole('button', { name: 'Create draft' }));
    expect(await screen.findByText(/Draft version 1 created/)).toBeInTheDocument();
    expect(created).toMatchObject({ showback_id: 'sb-1', month: '2026-10', markups: { web: 10 } });
    await user.click(screen.getByRole('button', { name: 'Issue' }));
    expect(await screen.findByText(/Version 1 issued: its numbers are frozen/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open it in the Chargebacks Center' })).toHaveAttribute(
      'href',
      '/v3/cost/chargebacks-center/?statement=st-1',
    );
  });

  it('shows a member Create draft disabled, with the reason', { timeout: 30_000 }, async () => {
    answerAsMember();
    await openPage();
    await screen.findByRole('table', { name: 'Statement lines' });
    expect(screen.getByRole('button', { name: 'Create draft' })).toBeDisabled();
    expect(screen.getByLabelText('Only admins can create and issue statements.')).toContainElement(
      screen.getByRole('button', { name: 'Create draft' }),
    );
  });
});
