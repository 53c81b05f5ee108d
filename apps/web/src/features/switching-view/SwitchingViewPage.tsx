import type { ClientChoice } from '@finlens/contracts/admin';
import { landingPathFor } from '@finlens/contracts/routes';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { BarsLoader } from '../../components/BarsLoader';
import { EmptyTableRow } from '../../components/EmptyTableRow';
import { currentEnvironment } from '../../lib/session';
import { useStartupStore } from '../../lib/startup-store';
import { useAllClients } from './api/all-clients-query';
import { useSelectClientMutation } from './api/select-client-mutation';
import { PendingInvitations } from './PendingInvitations';

function matches(client: ClientChoice, search: string): boolean {
  return client.name.toLowerCase().includes(search.trim().toLowerCase());
}

/** /switching-view/: a partner or multi-client user picks the client to work in. */
export function SwitchingViewPage() {
  const clients = useAllClients();
  const select = useSelectClientMutation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');

  const switchTo = async (clientId: string) => {
    await select.mutateAsync(clientId);
    // Everything cached belongs to the previous client: drop it and let the shell load the new one.
    queryClient.clear();
    useStartupStore.getState().reset();
    await navigate(landingPathFor(currentEnvironment()), { replace: true });
  };

  const visible = (clients.data ?? []).filter((client) => matches(client, search));
  return (
    <Box component="section" sx={{ p: 3, maxWidth: 960 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Switch Account
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Choose the organisation to work in.
      </Typography>
      <PendingInvitations />
      <TextField
        label="Search clients"
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        size="small"
        sx={{ mb: 2, width: 320 }}
      />
      {select.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {select.error.message}
        </Alert>
      ) : null}
      {clients.isPending ? <BarsLoader /> : null}
      {clients.isError ? <Alert severity="error">{clients.error.message}</Alert> : null}
      {clients.isSuccess ? (
        <Table size="small" aria-label="Clients">
          <TableHead>
            <TableRow>
              <TableCell>Client</TableCell>
              <TableCell>Role</TableCell>
              <TableCell>Access</TableCell>
              <TableCell align="right" />
            </TableRow>
          </TableHead>
          <TableBody>
            <EmptyTableRow rowCount={visible.length} columns={4} />
            {visible.map((client) => (
              <TableRow key={client.id}>
                <TableCell>{client.name}</TableCell>
                <TableCell>{client.role === 'admin' ? 'Admin' : 'Member'}</TableCell>
                <TableCell>{client.via_partner ? 'Through your partner' : 'Direct member'}</TableCell>
                <TableCell align="right">
                  {client.is_active ? (
                    <Chip label="Current" size="small" color="primary" variant="outlined" />
                  ) : (
                    <Button
                      size="small"
                      variant="outlined"
                      aria-label={`Switch to ${client.name}`}
                      loading={select.isPending && select.variables === client.id}
                      disabled={select.isPending}
                      onClick={() => void switchTo(client.id).catch(() => null)}
                    >
                      Switch
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
    </Box>
  );
}
