import { PROJECT_STATUS_LABELS } from '@finlens/contracts/admin';
import { CLOUD_ACCOUNT_PATHS, type CloudAccount } from '@finlens/contracts/cloud-accounts';
import { formatUtcDate } from '@finlens/cost-model/format';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { useCheckSettingsMutation } from '../api/check-settings-mutation';
import { useImportNowMutation } from '../api/import-now-mutation';
import { ConnectionCheckResult } from './ConnectionCheck';
import { ImportHistory } from './ImportHistory';
import { InventoryStatus } from './InventoryStatus';

const COLUMNS = 6;

/** One account with its actions; the history and action results unfold under it. */
export function AccountRow({
  account,
  isAdmin,
  showInventory,
  onEdit,
  onRemove,
}: {
  account: CloudAccount;
  isAdmin: boolean;
  /** Settings → Cloud Accounts shows each AWS account's inventory collection under it. */
  showInventory: boolean;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const [open, setOpen] = useState(false);
  const check = useCheckSettingsMutation();
  const importNow = useImportNowMutation();
  const hasSource = account.source !== null;
  const isAwsRole = account.source?.kind === 'aws_s3' && account.source.external_id !== null;
  const problem = account.source?.last_error ?? account.last_import?.error?.message ?? null;
  return (
    <>
      <TableRow>
        <TableCell>{account.name}</TableCell>
        <TableCell>{account.account_id ?? account.cloud_type.toUpperCase()}</TableCell>
        <TableCell>
          {account.source === null ? '—' : `${account.source.bucket}/${account.source.prefix}`}
        </TableCell>
        <TableCell>{PROJECT_STATUS_LABELS[account.status]}</TableCell>
        <TableCell>{formatUtcDate(account.billing.last_ingestion_datetime, 'isoDateTime')}</TableCell>
        <TableCell>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button size="small" onClick={() => setOpen(!open)}>
              {open ? 'Hide history' : 'History'}
            </Button>
            {isAdmin ? (
              <>
                <Button size="small" onClick={onEdit}>
                  Edit
                </Button>
                <Button
                  size="small"
                  disabled={!hasSource}
                  loading={check.isPending}
                  onClick={() => check.mutate({ accountId: account.id })}
                >
                  Test connection
                </Button>
                <Button
                  size="small"
                  disabled={!hasSource}
                  loading={importNow.isPending}
                  onClick={() => importNow.mutate(account.id)}
                >
                  Import now
                </Button>
                <Button size="small" color="error" onClick={onRemove}>
                  Remove
                </Button>
              </>
            ) : null}
            {isAwsRole ? (
              <>
                <Button size="small" href={CLOUD_ACCOUNT_PATHS.cloudFormation(account.id)} download>
                  CloudFormation
                </Button>
                <Button size="small" href={CLOUD_ACCOUNT_PATHS.terraform(account.id)} download>
                  Terraform
                </Button>
              </>
            ) : null}
          </Stack>
        </TableCell>
      </TableRow>
      <TableRow>
        <TableCell colSpan={COLUMNS} sx={{ py: 0 }}>
          <Stack spacing={1} sx={{ py: 1 }}>
            {showInventory && account.cloud_type === 'aws' && account.inventory !== undefined ? (
              <InventoryStatus account={account} inventory={account.inventory} isAdmin={isAdmin} />
            ) : null}
            {problem === null ? null : <Alert severity="warning">Last error: {problem}</Alert>}
            <ConnectionCheckResult check={check} />
            {importNow.isSuccess ? <Alert severity="info">Import queued.</Alert> : null}
            {importNow.isError ? <Alert severity="error">{importNow.error.message}</Alert> : null}
          </Stack>
          <Collapse in={open} unmountOnExit>
            <ImportHistory accountId={account.id} />
          </Collapse>
        </TableCell>
      </TableRow>
    </>
  );
}

export const ACCOUNT_COLUMNS = [
  'Account',
  'Account ID',
  'Bucket / prefix',
  'Status',
  'Last ingestion (UTC)',
  'Actions',
];
