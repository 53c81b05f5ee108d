import type { Anomaly } from '@finlens/contracts/anomalies';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../test/msw-server';
import { renderElement } from '../../test/render-with-providers';
import { recordRequests } from '../../test/request-log';
import { AnomaliesPanel } from './AnomaliesPanel';
import { DISMISSED_S3, OPEN_EC2 } from './anomalies-fixtures.test-helper';

const requests = recordRequests();

/** The list (newest start first, as the server answers) and the PATCH that changes one anomaly's status. */
function serveAnomalies(initial: Anomaly[] = [DISMISSED_S3, OPEN_EC2]) {
  let stored = initial;
  server.use(
    http.get('*/c/cost_page/anomalies/', () => HttpResponse.json(stored)),
    http.patch('*/c/cost_page/anomalies/:id/', async ({ params, request }) => {
      const body = (await request.json()) as { status: Anomaly['status']; reason?: string };
      stored = stored.map((anomaly) =>
        anomaly.id === params.id ? { ...anomaly, status: body.status, reason: body.reason ?? null } : anomaly,
      );
      return HttpResponse.json(stored.find((anomaly) => anomaly.id === params.id));
    }),
  );
}

async function rows() {
  const table = await screen.findByRole('table', { name: 'Anomalies' });
  return within(table).getAllByRole('row').slice(1);
}

describe('AnomaliesPanel', () => {
  it('lists open anomalies first with size, start, scope, top resources and the Explorer link', async () => {
    serveAnomalies();
    renderElement(<AnomaliesPanel />, { signedIn: true });
    const [first, second] = await rows();
    expect(screen.getByText(/1 open anomaly/)).toBeInTheDocument();
    expect(first).toHaveTextContent('Service Amazon EC2');
    expect(first).toHaveTextContent('2026-11-10 – 2026-11-14');
    expect(first).toHaveTextContent('+$600.00 (+200.00%)');
    expect(first).toHaveTextContent('$900.00 against $300.00 expected');
    expect(first).toHaveTextContent('i-0abc: $450.00');
    expect(first).toHaveTextContent('No resource id: $50.00');
    expect(
      within(first as HTMLElement).getByRole('link', { name: 'Open Service Amazon EC2 in Explorer' }),
    ).toHaveAttribute('href', OPEN_EC2.explorer_url);
    expect(second).toHaveTextContent('Service Amazon S3');
    expect(second).toHaveTextContent('Dismissed');
    expect(second).toHaveTextContent('Backup restore test');
  });

  it('acknowledges and marks expected with PATCH { status }, and reopens', async () => {
    serveAnomalies();
    const { user } = renderElement(<AnomaliesPanel />, { signedIn: true });
    await rows();
    await user.click(screen.getByRole('button', { name: 'Acknowledge Service Amazon EC2' }));
    expect(await screen.findByRole('button', { name: 'Reopen Service Amazon EC2' })).toBeInTheDocument();
    expect(requests.bodyOf('PATCH /c/cost_page/anomalies/an-ec2/')).toEqual({ status: 'acknowledged' });
    expect(screen.getByText(/0 open anomalies/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reopen Service Amazon EC2' }));
    await user.click(await screen.findByRole('button', { name: 'Mark Service Amazon EC2 expected' }));
    await waitFor(() =>
      expect(
        requests.log.filter((entry) => entry.call.startsWith('PATCH')).map((entry) => entry.body),
      ).toEqual([{ status: 'acknowledged' }, { status: 'open' }, { status: 'expected' }]),
    );
  });

  it('dismisses only with a reason', async () => {
    serveAnomalies();
    const { user } = renderElement(<AnomaliesPanel />, { signedIn: true });
    await rows();
    await user.click(screen.getByRole('button', { name: 'Dismiss Service Amazon EC2' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Dismiss' }));
    expect(await dialog.findByText('Say why the anomaly is dismissed.')).toBeInTheDocument();
    expect(requests.calls().some((call) => call.startsWith('PATCH'))).toBe(false);

    await user.type(dialog.getByLabelText('Reason'), 'Planned load test');
    await user.click(dialog.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.bodyOf('PATCH /c/cost_page/anomalies/an-ec2/')).toEqual({
      status: 'dismissed',
      reason: 'Planned load test',
    });
    // No longer open: it keeps the server's place, after the newer S3 anomaly.
    await waitFor(async () => expect((await rows())[1]).toHaveTextContent('DismissedPlanned load test'));
  });

  it("says 'No results found' without anomalies", async () => {
    serveAnomalies([]);
    renderElement(<AnomaliesPanel />, { signedIn: true });
    expect(await screen.findByText('No results found')).toBeInTheDocument();
  });
});
