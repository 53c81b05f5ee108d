import type { Showback } from '@finlens/contracts/showbacks';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { AdminAction, useIsAdmin } from '../../components/AdminAction';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useConfirmRemoval } from '../../components/use-confirm-removal';
import { useDeleteShowback } from './api/delete-showback-mutation';
import { useSetActiveShowbacks } from './api/set-active-showbacks-mutation';
import { useShowbacks } from './api/showbacks-query';
import { CreateShowbackDialog, TAG_TYPE_LABELS } from './CreateShowbackDialog';
import { showbackHrefs } from './showback-view';

/**
 * Cost Allocation (/v3/cost/showbacks-api/): the client's showbacks with their active toggles
 * (set_active_showbacks takes the whole active set), a create dialog and delete with confirmation. Members
 * read: create and the toggles are disabled with the reason, delete is not offered.
 */
export function ShowbacksPage() {
  const showbacks = useShowbacks();
  const setActive = useSetActiveShowbacks();
  const remove = useDeleteShowback();
  const navigate = useNavigate();
  const isAdmin = useIsAdmin();
  const [creating, setCreating] = useState(false);
  const removal = useConfirmRemoval(remove, (item: Showback) => item.id);

  const toggle = (showback: Showback, on: boolean) => {
    const active = (showbacks.data ?? []).filter((s) => (s.id === showback.id ? on : s.is_active));
    setActive.mutate(active.map((s) => s.id));
  };

  return (
    <Stack spacing={2} sx={{ p: { xs: 1, md: 2 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2 }}>
        <Typography variant="h5" component="h1">
          Cost Allocation
        </Typography>
        <Stack sx={{ ml: 'auto' }}>
          <AdminAction reason="Only admins can create showbacks.">
            {(disabled) => (
              <Button
                variant="contained"
                startIcon={<AddOutlined />}
                disabled={disabled}
                onClick={() => setCreating(true)}
              >
                New showback
              </Button>
            )}
          </AdminAction>
        </Stack>
      </Stack>
      {setActive.isError ? <Alert severity="error">{setActive.error.message}</Alert> : null}
      {showbacks.isError ? (
        <Alert severity="error">{showbacks.error.message}</Alert>
      ) : showbacks.data === undefined ? (
        <Stack spacing={1} aria-busy="true" aria-label="Loading showbacks">
          <Skeleton variant="rounded" height={48} />
          <Skeleton variant="rounded" height={160} />
        </Stack>
      ) : showbacks.data.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography>No showbacks yet.</Typography>
          <Typography variant="body2" color="text.secondary">
            A showback allocates cost to teams, products or owners by a tag, Kubernetes label or
            cost-allocation tag key, with rules for what the tags miss.
          </Typography>
        </Paper>
      ) : (
        <Paper variant="outlined">
          <Table aria-label="Showbacks">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Allocate by</TableCell>
                <TableCell>Keys</TableCell>
                <TableCell align="right">Values</TableCell>
                <TableCell align="right">Rules</TableCell>
                <TableCell>Active</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {showbacks.data.map((showback) => (
                <TableRow key={showback.id}>
                  <TableCell>
                    <Link component={RouterLink} to={showbackHrefs.detail(showback.id, 'MTD')}>
                      {showback.name}
                    </Link>
                  </TableCell>
                  <TableCell>{TAG_TYPE_LABELS[showback.allocation_tag_type]}</TableCell>
                  <TableCell>{showback.tag_keys.join(', ')}</TableCell>
                  <TableCell align="right">{showback.showback_values.length}</TableCell>
                  <TableCell align="right">{showback.rules_count}</TableCell>
                  <TableCell>
                    <AdminAction reason="Only admins can turn showbacks on or off.">
                      {(disabled) => (
                        <Switch
                          checked={showback.is_active}
                          disabled={disabled || setActive.isPending}
                          onChange={(event) => toggle(showback, event.target.checked)}
                          slotProps={{ input: { 'aria-label': `${showback.name} active` } }}
                        />
                      )}
                    </AdminAction>
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Button component={RouterLink} size="small" to={showbackHrefs.rules(showback.id, 'MTD')}>
                      Allocation rules
                    </Button>
                    {isAdmin ? (
                      <IconButton
                        aria-label={`Delete ${showback.name}`}
                        onClick={() => removal.ask(showback)}
                      >
                        <DeleteOutlined />
                      </IconButton>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
      <CreateShowbackDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(showback) => navigate(showbackHrefs.detail(showback.id, 'MTD'))}
      />
      <ConfirmDialog
        title="Delete showback"
        text={`Delete ${removal.target?.name ?? ''} with its rules and values? This cannot be undone.`}
        confirmLabel="Delete"
        {...removal.dialog}
      />
    </Stack>
  );
}
