import type { CostTarget } from '@finlens/contracts/cost-targets';
import { formatUtcDate } from '@finlens/cost-model/format';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AdminAction } from '../../components/AdminAction';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyTableRow } from '../../components/EmptyTableRow';
import { useConfirmRemoval } from '../../components/use-confirm-removal';
import { useDeleteTarget } from './api/delete-target-mutation';
import { useTargets } from './api/targets-query';
import { OperatePackageGate } from './OperatePackageGate';
import { StatusChip, TargetProgress } from './TargetProgress';
import {
  costTypeLabel,
  TARGET_CHANGE_REASON,
  TARGET_SORTS,
  type TargetSort,
  visibleTargets,
} from './target-view';

const PERIOD_LABELS = { MONTHLY: 'Monthly', QUARTERLY: 'Quarterly', YEARLY: 'Yearly' } as const;
const COLUMNS: { sort: TargetSort | null; label: string }[] = [
  { sort: 'name', label: 'Name' },
  { sort: null, label: 'Period' },
  { sort: 'used', label: 'Actual vs budget' },
  { sort: 'status', label: 'Status' },
  { sort: null, label: 'Actions' },
];

/** List state in the URL: ?q= (name search), ?sort= and ?dir=. */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const sortParam = params.get('sort');
  const sort: TargetSort = TARGET_SORTS.includes(sortParam as TargetSort)
    ? (sortParam as TargetSort)
    : 'name';
  const direction = params.get('dir') === 'desc' ? 'desc' : 'asc';
  const set = (changes: Record<string, string>) =>
    setParams(
      (current) => {
        for (const [key, value] of Object.entries(changes)) {
          if (value === '') current.delete(key);
          else current.set(key, value);
        }
        return current;
      },
      { replace: true },
    );
  return { search: params.get('q') ?? '', sort, direction, set } as const;
}

/** /v3/targets-api/ — Budgets and Cost Targets: each target's current period against its budget. */
export function TargetsPage() {
  const targets = useTargets();
  const { search, sort, direction, set } = useListParams();
  const remove = useDeleteTarget();
  const removal = useConfirmRemoval(remove, (item: CostTarget) => item.id);
  const rows = visibleTargets(targets.data ?? [], search, sort, direction);

  const toggleSort = (next: TargetSort) =>
    set({ sort: next, dir: sort === next && direction === 'asc' ? 'desc' : 'asc' });

  return (
    <Stack spacing={2} sx={{ p: { xs: 1, md: 2 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="h5" component="h1">
          Budgets and Cost Targets
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button component={RouterLink} to="/v3/burn-down-tracker/">
            Burn-down tracker
          </Button>
          <AdminAction reason={TARGET_CHANGE_REASON}>
            {(disabled) => (
              <Button
                component={RouterLink}
                to="/v3/create-target/"
                variant="contained"
                startIcon={<AddOutlined />}
                disabled={disabled}
              >
                New target
              </Button>
            )}
          </AdminAction>
        </Stack>
      </Stack>
      <OperatePackageGate>
        <TextField
          label="Search targets"
          size="small"
          value={search}
          onChange={(event) => set({ q: event.target.value })}
          sx={{ maxWidth: 360 }}
        />
        {targets.isPending ? (
          <Skeleton variant="rounded" height={240} aria-label="Loading cost targets" />
        ) : targets.isError ? (
          <Alert severity="error">{targets.error.message}</Alert>
        ) : targets.data.length === 0 ? (
          <Paper variant="outlined" sx={{ p: 3 }}>
            <Typography gutterBottom>No cost targets yet.</Typography>
            <Typography variant="body2" color="text.secondary">
              A target sets a budget for a scope of your cost (accounts, services, tags) each month, quarter
              or year, and alerts you before it is spent.
            </Typography>
          </Paper>
        ) : (
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label="Cost targets">
              <TableHead>
                <TableRow>
                  {COLUMNS.map((column) => (
                    <TableCell key={column.label}>
                      {column.sort === null ? (
                        column.label
                      ) : (
                        <TableSortLabel
                          active={sort === column.sort}
                          direction={sort === column.sort ? direction : 'asc'}
                          onClick={() => toggleSort(column.sort as TargetSort)}
                        >
                          {column.label}
                        </TableSortLabel>
                      )}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((target) => (
                  <TargetRow key={target.id} target={target} onDelete={() => removal.ask(target)} />
                ))}
                <EmptyTableRow rowCount={rows.length} columns={COLUMNS.length} />
              </TableBody>
            </Table>
          </TableContainer>
        )}
        <ConfirmDialog
          title="Delete cost target"
          text={`Delete "${removal.target?.name ?? ''}" with its plan and alerts? This cannot be undone.`}
          confirmLabel="Delete"
          {...removal.dialog}
        />
      </OperatePackageGate>
    </Stack>
  );
}

function TargetRow({ target, onDelete }: { target: CostTarget; onDelete: () => void }) {
  const { current } = target;
  return (
    <TableRow>
      <TableCell>
        <Link component={RouterLink} to={`/v3/update-target/${target.id}`}>
          {target.name}
        </Link>
        <Typography variant="caption" component="div" color="text.secondary">
          {costTypeLabel(target.cost_type)} · {target.budget_type === 'top_down' ? 'Top-down' : 'Bottom-up'}
        </Typography>
      </TableCell>
      <TableCell>
        {PERIOD_LABELS[target.period]}
        {current ? (
          <Typography variant="caption" component="div" color="text.secondary">
            {formatUtcDate(current.period_start, 'dayMonthYear')} –{' '}
            {formatUtcDate(current.period_end, 'dayMonthYear')}
          </Typography>
        ) : null}
      </TableCell>
      <TableCell>{current ? <TargetProgress name={target.name} current={current} /> : 'Ended'}</TableCell>
      <TableCell>{current ? <StatusChip status={current.status} /> : '-'}</TableCell>
      <TableCell>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Link component={RouterLink} to={`/v3/burn-down-tracker/?target=${target.id}`}>
            Burn-down
          </Link>
          <AdminAction reason={TARGET_CHANGE_REASON}>
            {(disabled) => (
              <IconButton
                aria-label={`Delete ${target.name}`}
                onClick={onDelete}
                size="small"
                disabled={disabled}
              >
                <DeleteOutlined fontSize="small" />
              </IconButton>
            )}
          </AdminAction>
        </Stack>
      </TableCell>
    </TableRow>
  );
}
