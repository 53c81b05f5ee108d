import { screen, within } from '@testing-library/react';
import { useLayoutEffect, useMemo, useState } from 'react';
import { expect, it } from 'vitest';
import { renderElement } from '../test/render-with-providers';
import { createHeaderText, DataGrid, liveHeader } from './DataGrid';

it('pages by the spec §9 page size of the window width', async () => {
  window.innerWidth = 1200;
  const rows = Array.from({ length: 25 }, (_, i) => ({ name: `row ${i + 1}` }));
  renderElement(<DataGrid label="Costs" rows={rows} columns={[{ field: 'name' }]} />);
  const grid = await screen.findByRole('region', { name: 'Costs' });
  await within(grid).findByText('row 1');
  // The pager's summary: "1 to 20 of 25".
  const summary = grid.querySelector('.ag-paging-row-summary-panel');
  expect(summary?.textContent?.replace(/\s+/g, ' ').trim()).toBe('1 to 20 of 25');
});

it("says 'No results found' without rows", async () => {
  renderElement(<DataGrid<{ name: string }> label="Costs" rows={[]} columns={[{ field: 'name' }]} />);
  const grid = await screen.findByRole('region', { name: 'Costs' });
  expect(await within(grid).findByText('No results found')).toBeInTheDocument();
});

it('shows rows, the column headers and the CSV export button', async () => {
  renderElement(
    <DataGrid
      label="Costs"
      csvFileName="costs"
      rows={[
        { name: 'EC2', cost: 12 },
        { name: 'S3', cost: 3 },
      ]}
      columns={[
        { field: 'name', headerName: 'Service' },
        { field: 'cost', headerName: 'Cost' },
      ]}
    />,
  );
  const grid = await screen.findByRole('region', { name: 'Costs' });
  expect(await within(grid).findByText('EC2')).toBeInTheDocument();
  expect(within(grid).getByText('Service')).toBeInTheDocument();
  expect(within(grid).getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
});

/** A grid whose one column's header is a live text over the page's state, the columns made once. */
function Relabelled() {
  const [label, setLabel] = useState('Service');
  const [text] = useState(() => createHeaderText(label));
  useLayoutEffect(() => {
    text.set(label);
  }, [text, label]);
  const columns = useMemo(() => [{ field: 'name' as const, ...liveHeader(text) }], [text]);
  return (
    <>
      <button type="button" onClick={() => setLabel('Region')}>
        Relabel
      </button>
      <DataGrid label="Costs" csvFileName="costs" rows={[{ name: 'EC2' }]} columns={columns} />
    </>
  );
}

it('changes a live header text in place: the same header cell, the columns kept', async () => {
  const { user } = renderElement(<Relabelled />);
  const grid = await screen.findByRole('region', { name: 'Costs' });
  const header = await within(grid).findByRole('columnheader', { name: 'Service' });
  await user.click(screen.getByRole('button', { name: 'Relabel' }));
  expect(await within(grid).findByRole('columnheader', { name: 'Region' })).toBe(header);
  expect(within(grid).queryByRole('columnheader', { name: 'Service' })).toBeNull();
});
