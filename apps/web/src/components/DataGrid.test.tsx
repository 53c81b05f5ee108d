import { screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { renderElement } from '../test/render-with-providers';
import { DataGrid, pageSizeForWidth } from './DataGrid';

it('picks the spec §9 page size for the window width', () => {
  expect([800, 1023, 1024, 1399, 1400, 1599, 1600, 2400].map(pageSizeForWidth)).toEqual([
    10, 10, 20, 20, 30, 30, 50, 50,
  ]);
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
