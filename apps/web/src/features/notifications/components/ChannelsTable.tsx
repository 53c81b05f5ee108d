import type { Channel } from '@finlens/contracts/notifications';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { EmptyTableRow } from '../../../components/EmptyTableRow';
import { KIND_LABELS, SOURCE_LABELS } from '../labels';

/** Where a channel sends: its addresses or its masked URL / key (secrets never come back whole). */
function destinationOf(channel: Channel): string {
  if (channel.kind === 'email') return channel.emails.join(', ');
  return channel.webhook_url ?? channel.url ?? channel.routing_key ?? '-';
}

interface ChannelsTableProps {
  channels: Channel[];
  isAdmin: boolean;
  /** The channel whose test is being sent. */
  testing: string | null;
  onEdit: (channel: Channel) => void;
  onTest: (channel: Channel) => void;
  onDelete: (channel: Channel) => void;
}

export function ChannelsTable({ channels, isAdmin, testing, onEdit, onTest, onDelete }: ChannelsTableProps) {
  const columns = isAdmin ? 6 : 5;
  return (
    <TableContainer>
      <Table size="small" aria-label="Channels">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Kind</TableCell>
            <TableCell>Destination</TableCell>
            <TableCell>Sends</TableCell>
            <TableCell>Status</TableCell>
            {isAdmin ? <TableCell align="right">Actions</TableCell> : null}
          </TableRow>
        </TableHead>
        <TableBody>
          <EmptyTableRow rowCount={channels.length} columns={columns} />
          {channels.map((channel) => (
            <TableRow key={channel.id}>
              <TableCell>{channel.name}</TableCell>
              <TableCell>{KIND_LABELS[channel.kind]}</TableCell>
              <TableCell sx={{ wordBreak: 'break-all' }}>{destinationOf(channel)}</TableCell>
              <TableCell>
                {channel.sources.length === 0
                  ? 'Nothing'
                  : channel.sources.map((source) => SOURCE_LABELS[source]).join(', ')}
              </TableCell>
              <TableCell>
                <Chip
                  size="small"
                  color={channel.enabled ? 'success' : 'default'}
                  label={channel.enabled ? 'Enabled' : 'Paused'}
                />
              </TableCell>
              {isAdmin ? (
                <TableCell align="right">
                  <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                    <Button
                      size="small"
                      loading={testing === channel.id}
                      onClick={() => onTest(channel)}
                      aria-label={`Send test to ${channel.name}`}
                    >
                      Send test
                    </Button>
                    <Button size="small" onClick={() => onEdit(channel)} aria-label={`Edit ${channel.name}`}>
                      Edit
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      onClick={() => onDelete(channel)}
                      aria-label={`Delete ${channel.name}`}
                    >
                      Delete
                    </Button>
                  </Stack>
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
