import type { ApiKey } from '@finlens/contracts/api-keys';
import { formatUtcDate } from '@finlens/cost-model/format';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { type SimpleColumn, SimpleTable } from '../../../components/SimpleTable';

/** The caller's keys: name, prefix, created, last used; revoked keys stay listed without actions. */
export function ApiKeysTable({
  keys,
  onRevoke,
}: {
  keys: readonly ApiKey[];
  onRevoke: (key: ApiKey) => void;
}) {
  const columns: SimpleColumn<ApiKey>[] = [
    { label: 'Name', render: (key) => key.name },
    { label: 'Prefix', sx: { fontFamily: 'monospace' }, render: (key) => `${key.prefix}…` },
    { label: 'Created', render: (key) => formatUtcDate(key.created_at, 'usDate') },
    {
      label: 'Last used',
      render: (key) => (key.last_used_at === null ? 'Never' : formatUtcDate(key.last_used_at, 'usDate')),
    },
    {
      label: 'Actions',
      align: 'right',
      render: (key) =>
        key.revoked_at === null ? (
          <Button size="small" color="error" aria-label={`Revoke ${key.name}`} onClick={() => onRevoke(key)}>
            Revoke
          </Button>
        ) : (
          <Chip
            size="small"
            variant="outlined"
            label={`Revoked ${formatUtcDate(key.revoked_at, 'usDate')}`}
          />
        ),
    },
  ];
  return <SimpleTable label="API keys" columns={columns} rows={keys} rowKey={(key) => key.id} />;
}
