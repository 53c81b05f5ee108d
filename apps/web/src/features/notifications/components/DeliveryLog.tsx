import { type Channel, DELIVERY_STATUSES, type Delivery } from '@finlens/contracts/notifications';
import { formatUtcDate } from '@finlens/cost-model/format';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ColDef } from 'ag-grid-community';
import { useState } from 'react';
import { DataGrid } from '../../../components/DataGrid';
import { useDeliveries } from '../api/deliveries-query';
import type { DeliveryFilter } from '../api/keys';
import { KIND_LABELS } from '../labels';

type Status = Delivery['status'];
const STATUS_COLORS: Record<Status, 'default' | 'success' | 'warning' | 'error' | 'info'> = {
  pending: 'info',
  retrying: 'warning',
  succeeded: 'success',
  failed: 'error',
  skipped: 'default',
};
const STATUS_LABELS: Record<Status, string> = {
  pending: 'Pending',
  retrying: 'Retrying',
  succeeded: 'Delivered',
  failed: 'Failed',
  skipped: 'Held for digest',
};
const ALL = '';

/** The last attempt says how the delivery went (HTTP code and error). */
const lastAttempt = (delivery: Delivery) => delivery.attempts.at(-1);

const COLUMNS: ColDef<Delivery>[] = [
  {
    headerName: 'Time',
    field: 'updated_at',
    valueFormatter: ({ value }) => formatUtcDate(value as string, 'isoDateTime').replace('T', ' '),
    sort: 'desc',
  },
  {
    headerName: 'Status',
    field: 'status',
    cellRenderer: ({ value }: { value: Status }) => (
      <Chip size="small" color={STATUS_COLORS[value]} label={STATUS_LABELS[value]} />
    ),
  },
  { headerName: 'Recipient', field: 'recipient' },
  {
    headerName: 'Kind',
    field: 'channel_kind',
    valueFormatter: ({ value }) => KIND_LABELS[value as Delivery['channel_kind']],
  },
  { headerName: 'Subject', field: 'subject', flex: 1, minWidth: 200 },
  { headerName: 'Attempts', valueGetter: ({ data }) => data?.attempts.length ?? 0, maxWidth: 120 },
  {
    headerName: 'HTTP code',
    valueGetter: ({ data }) => (data === undefined ? null : (lastAttempt(data)?.http_status ?? null)),
    valueFormatter: ({ value }) => (value === null ? '-' : String(value)),
    maxWidth: 130,
  },
  {
    headerName: 'Error',
    valueGetter: ({ data }) => (data === undefined ? null : (lastAttempt(data)?.error ?? null)),
    valueFormatter: ({ value }) => (value === null ? '' : String(value)),
    cellStyle: { color: 'var(--ag-invalid-color, #d32f2f)' },
    flex: 1,
    minWidth: 200,
  },
];

/** Delivery log of the Notifications Center (admins): every message to every channel, failures first in sight. */
export function DeliveryLog({ channels }: { channels: Channel[] }) {
  const [filter, setFilter] = useState<DeliveryFilter>({ channelId: null, status: null });
  const deliveries = useDeliveries(filter);
  const failed = deliveries.data?.filter((delivery) => delivery.status === 'failed').length ?? 0;
  return (
    <>
      <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label="Channel"
          id="delivery-channel"
          value={filter.channelId ?? ALL}
          onChange={(event) => setFilter({ ...filter, channelId: event.target.value || null })}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value={ALL}>All channels</MenuItem>
          {channels.map((channel) => (
            <MenuItem key={channel.id} value={channel.id}>
              {channel.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Status"
          id="delivery-status"
          value={filter.status ?? ALL}
          onChange={(event) => setFilter({ ...filter, status: event.target.value || null })}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value={ALL}>All statuses</MenuItem>
          {DELIVERY_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {STATUS_LABELS[status]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {deliveries.isError ? <Alert severity="error">{deliveries.error.message}</Alert> : null}
      {failed > 0 ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failed === 1 ? '1 delivery failed' : `${failed} deliveries failed`} after every retry.
        </Alert>
      ) : null}
      {deliveries.isError ? null : (
        <DataGrid
          rows={deliveries.data ?? []}
          columns={COLUMNS}
          label="Delivery log"
          loading={deliveries.isPending}
          getRowId={({ data }) => data.id}
          csvFileName="notification-deliveries"
        />
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        A failed send is retried with backoff (5 attempts); the newest 500 deliveries are shown.
      </Typography>
    </>
  );
}
