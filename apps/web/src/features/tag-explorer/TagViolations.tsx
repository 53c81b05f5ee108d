import type { TagViolationsResult } from '@finlens/contracts/tag-explorer';
import { formatMoney } from '@finlens/cost-model/format';
import type { DateRange } from '@finlens/cost-model/range-presets';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ColDef } from 'ag-grid-community';
import { useMemo } from 'react';
import { DataGrid } from '../../components/DataGrid';
import { useTagViolations } from './api/tag-violations-query';

type Violation = TagViolationsResult['violations'][number];

const REASONS: Record<Violation['reason'], string> = {
  missing: 'Key missing',
  disallowed: 'Value not allowed',
};

/** Policy violations resource by resource: of one key when one is chosen, else of every enabled policy. */
export function TagViolations({ range, tagKey }: { range: DateRange; tagKey: string | null }) {
  const violations = useTagViolations(range);
  const currency = violations.data?.currency;
  const columns = useMemo<ColDef<Violation>[]>(
    () => [
      // Flex columns fill the width, most of it for the resource ids (ARNs are long).
      { field: 'resource_id', headerName: 'Resource', flex: 3, minWidth: 280 },
      { field: 'tag_key', headerName: 'Tag key', flex: 1 },
      { field: 'policy_name', headerName: 'Policy', flex: 1 },
      {
        field: 'reason',
        headerName: 'Reason',
        flex: 1,
        valueFormatter: ({ value }) => REASONS[value as Violation['reason']],
      },
      {
        field: 'cost',
        headerName: 'Cost',
        flex: 1,
        sort: 'desc',
        valueFormatter: ({ value }) => formatMoney(value as number, currency),
      },
    ],
    [currency],
  );
  const title = tagKey === null ? 'Policy violations' : `Policy violations on ${tagKey}`;
  const data = violations.data;
  const rows =
    data === undefined ? [] : data.violations.filter((v) => tagKey === null || v.tag_key === tagKey);
  return (
    <Stack spacing={1}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {violations.isError ? (
        <Alert severity="error">{violations.error.message}</Alert>
      ) : data === undefined ? (
        <Skeleton
          variant="rounded"
          height={120}
          aria-busy="true"
          aria-label={`Loading ${title.toLowerCase()}`}
        />
      ) : (
        <>
          <Typography aria-label="Violation totals">
            {data.violation_count === 0
              ? 'No violations in this range.'
              : `${data.violation_count} violations in all, ${formatMoney(data.violation_cost, data.currency)} of cost (summed over policies)`}
          </Typography>
          <DataGrid
            rows={rows}
            columns={columns}
            label={title}
            csvFileName={tagKey === null ? 'tag-violations' : `tag-violations-${tagKey}`}
            getRowId={({ data: v }) =>
              `${v.policy_id}\u0000${v.tag_key}\u0000${v.resource_id}\u0000${v.reason}`
            }
          />
        </>
      )}
    </Stack>
  );
}
