import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../test/msw-server';
import { recordRequests } from '../../test/request-log';
import {
  answerTeamsDetail,
  enabledButton,
  renderTeamsDetail,
  TEAMS_DETAIL,
} from './showback-fixtures.test-helper';

const requests = recordRequests();
const SLOW = { timeout: 15_000 };
const UNITS = 'POST /c/showback/showbacks/sb-1/daily_units/';
const BAD_LINE = 'Line 3, column units: Enter a number of 0 or more.';

const WITH_UNITS = {
  ...TEAMS_DETAIL,
  cost_distribution: TEAMS_DETAIL.cost_distribution.map((e) =>
    e.value === 'web' ? { ...e, units: 9000, unit_cost: 45 / 9000 } : e,
  ),
};

/** The detail answers without units until a good file is uploaded, then with web's 9000 requests. */
function answer() {
  let uploaded = false;
  answerTeamsDetail();
  server.use(
    http.get('*/c/showback/showbacks/sb-1/', () => HttpResponse.json(uploaded ? WITH_UNITS : TEAMS_DETAIL)),
    http.post('*/c/showback/showbacks/sb-1/daily_units/', async ({ request }) => {
      const { csv } = (await request.json()) as { csv: string };
      if (csv.includes(',-1')) {
        return HttpResponse.json(
          { detail: BAD_LINE, errors: { 'csv.3.units': [BAD_LINE] } },
          { status: 400 },
        );
      }
      uploaded = true;
      return HttpResponse.json({ applied: 2 });
    }),
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
});
afterEach(() => vi.useRealTimers());

const csvFile = (text: string) => new File([text], 'units.csv', { type: 'text/csv' });

describe('Daily units upload', () => {
  it('offers a template, shows the bad row of a refused file, applies a good one and shows unit costs', {
    timeout: 40_000,
  }, async () => {
    answer();
    const { user } = renderTeamsDetail();
    const grid = await screen.findByRole('region', { name: 'Cost by value' }, SLOW);
    expect(within(grid).queryByRole('columnheader', { name: 'Unit cost' })).not.toBeInTheDocument();
    await user.click(await enabledButton('Upload units'));
    const dialog = await screen.findByRole('dialog', { name: 'Upload daily units' });
    const template = within(dialog).getByRole('link', { name: 'Download template' });
    expect(template).toHaveAttribute('download', 'Teams-daily-units.csv');
    expect(decodeURIComponent(template.getAttribute('href') ?? '')).toBe(
      'data:text/csv;charset=utf-8,showback_value,date,units\ndb,2026-11-01,\nweb,2026-11-01,\n',
    );
    const upload = within(dialog).getByRole('button', { name: 'Upload' });
    expect(upload).toBeDisabled();

    const bad = 'showback_value,date,units\nweb,2026-11-01,4000\nweb,2026-11-02,-1\n';
    await user.upload(within(dialog).getByLabelText('Daily units CSV file'), csvFile(bad));
    await user.click(upload);
    const problems = await within(dialog).findByRole('table', { name: 'Problems in the file' });
    expect(within(dialog).getByText(/Nothing was applied/)).toBeInTheDocument();
    expect(within(problems).getAllByRole('row')[1]).toHaveTextContent('3unitsEnter a number of 0 or more.');
    expect(requests.bodyOf(UNITS)).toEqual({ csv: bad });
    expect(upload).toBeEnabled();

    const good = 'showback_value,date,units\nweb,2026-11-01,4000\nweb,2026-11-02,5000\n';
    await user.upload(within(dialog).getByLabelText('Daily units CSV file'), csvFile(good));
    expect(within(dialog).queryByRole('table', { name: 'Problems in the file' })).not.toBeInTheDocument();
    await user.click(upload);
    expect(await within(dialog).findByText('2 rows applied from units.csv.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    // The detail is read again: web's 45 of cost over 9000 units.
    expect(await within(grid).findByRole('columnheader', { name: 'Unit cost' }, SLOW)).toBeInTheDocument();
    expect(within(grid).getByText('9,000')).toBeInTheDocument();
    expect(within(grid).getByText('$0.005')).toBeInTheDocument();
  });
});
