import { ACCOUNT_FILTERS, type AccountFilter, type CloudAccount } from '@finlens/contracts/cloud-accounts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { BarsLoader } from '../../components/BarsLoader';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyTableRow } from '../../components/EmptyTableRow';
import { FilterToggle } from '../../components/FilterToggle';
import { useConfirmRemoval } from '../../components/use-confirm-removal';
import { useStartupStore } from '../../lib/startup-store';
import { useUrlFilter } from '../../lib/use-url-filter';
import { useCurrentUser } from '../auth/api/current-user-query';
import { useCloudAccounts } from './api/cloud-accounts-query';
import { useRemoveAccountMutation } from './api/remove-account-mutation';
import { ACCOUNT_COLUMNS, AccountRow } from './components/AccountRow';
import { AwsAccountDialog } from './components/AwsAccountDialog';
import { AzureAccountDialog } from './components/AzureAccountDialog';
import { EmptyAccounts } from './components/EmptyAccounts';
import { UploadDialog } from './components/UploadDialog';

const FILTER_PARAM = 'accounts';
const FILTER_KEYS = Object.keys(ACCOUNT_FILTERS) as AccountFilter[];
const FILTER_OPTIONS = FILTER_KEYS.map((key) => ({ value: key, label: ACCOUNT_FILTERS[key] }));

type Editing = { cloud: CloudAccount['cloud_type']; account: CloudAccount | null };

/** Removing deletes the account's imported costs from the warehouse too (a removed account's costs must not linger in totals). */
function removeText(name: string): string {
  return `Remove ${name}? Finlens stops importing its billing data and deletes the costs already imported for it, so they leave every total, report and showback; its import history goes too. This cannot be undone.`;
}

function matches(filter: AccountFilter, account: CloudAccount): boolean {
  if (filter === 'configured') return account.status === 'configured';
  if (filter === 'awaiting') return account.status !== 'configured';
  return true;
}

/** The account list of a settings tab: AWS accounts only, or every cloud. */
export function CloudAccountsPanel({ title, cloud }: { title: string; cloud: 'aws' | 'all' }) {
  const accounts = useCloudAccounts();
  const isAdmin = useCurrentUser().data?.is_admin ?? false;
  const remove = useRemoveAccountMutation();
  const azure = useStartupStore((state) => state.configCatAzure);
  const [editing, setEditing] = useState<Editing | null>(null);
  const removal = useConfirmRemoval(remove, (item: CloudAccount) => item.id);
  const [uploading, setUploading] = useState(false);
  const [filter, selectFilter] = useUrlFilter(FILTER_PARAM, FILTER_KEYS, 'all');
  // Spec §4: Azure projects are hidden unless the Azure flag is on.
  const ofCloud = (accounts.data ?? []).filter(
    (account) =>
      (cloud === 'all' || account.cloud_type === cloud) && (azure || account.cloud_type !== 'azure'),
  );
  const shown = ofCloud.filter((account) => matches(filter, account));

  return (
    <Box sx={{ pt: 3 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h5" component="h2" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {isAdmin ? (
          <>
            <Button variant="outlined" disabled={ofCloud.length === 0} onClick={() => setUploading(true)}>
              Upload billing file
            </Button>
            {cloud === 'all' && azure ? (
              <Button variant="contained" onClick={() => setEditing({ cloud: 'azure', account: null })}>
                Add Azure account
              </Button>
            ) : null}
            <Button variant="contained" onClick={() => setEditing({ cloud: 'aws', account: null })}>
              Add AWS account
            </Button>
          </>
        ) : null}
      </Stack>
      <FilterToggle label="Account filter" value={filter} options={FILTER_OPTIONS} onChange={selectFilter} />
      {accounts.isPending ? <BarsLoader /> : null}
      {accounts.isError ? <Alert severity="error">{accounts.error.message}</Alert> : null}
      {accounts.isSuccess && ofCloud.length === 0 ? <EmptyAccounts /> : null}
      {accounts.isSuccess && ofCloud.length > 0 ? (
        <Table aria-label={title}>
          <TableHead>
            <TableRow>
              {ACCOUNT_COLUMNS.map((column) => (
                <TableCell key={column}>{column}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            <EmptyTableRow rowCount={shown.length} columns={ACCOUNT_COLUMNS.length} />
            {shown.map((account) => (
              <AccountRow
                key={account.id}
                account={account}
                isAdmin={isAdmin}
                showInventory={cloud === 'all'}
                onEdit={() => setEditing({ cloud: account.cloud_type, account })}
                onRemove={() => removal.ask(account)}
              />
            ))}
          </TableBody>
        </Table>
      ) : null}
      {editing?.cloud === 'aws' ? (
        <AwsAccountDialog account={editing.account} onClose={() => setEditing(null)} />
      ) : null}
      {editing?.cloud === 'azure' ? (
        <AzureAccountDialog account={editing.account} onClose={() => setEditing(null)} />
      ) : null}
      {uploading ? <UploadDialog open accounts={ofCloud} onClose={() => setUploading(false)} /> : null}
      <ConfirmDialog
        title="Remove account"
        text={removeText(removal.target?.name ?? '')}
        confirmLabel="Remove"
        {...removal.dialog}
      />
    </Box>
  );
}
