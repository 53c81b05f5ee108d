import type { CloudAccount } from '@finlens/contracts/cloud-accounts';
import type { AccountInventory, CollectionState } from '@finlens/contracts/inventory';
import { formatRelativeTime, formatUtcDate } from '@finlens/cost-model/format';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { useCollectNowMutation } from '../api/collect-now-mutation';
import { cloudAccountKeys } from '../api/keys';
import { collectionAdvice, countsText, errorSummary } from './collection-advice';

const STATES: Record<CollectionState, { label: string; color: ChipProps['color'] }> = {
  awaiting_configuration: { label: 'Awaiting configuration', color: 'default' },
  not_collected: { label: 'Not collected yet', color: 'default' },
  collecting: { label: 'Collecting', color: 'info' },
  ready: { label: 'Ready', color: 'success' },
  failing: { label: 'Failing', color: 'error' },
};

/** How often the list is re-read while a pass is queued or running. */
const POLL_MS = 2000;

function useRefetchWhile(active: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(
      () => void queryClient.invalidateQueries({ queryKey: cloudAccountKeys.list() }),
      POLL_MS,
    );
    return () => clearInterval(timer);
  }, [active, queryClient]);
}

function LastCollected({ at }: { at: string | null }) {
  if (at === null) return null;
  return (
    <Typography variant="body2">
      Collected{' '}
      <Tooltip title={`${formatUtcDate(at, 'isoDateTime').replace('T', ' ')} UTC`} describeChild>
        <time dateTime={at}>{formatRelativeTime(at)}</time>
      </Tooltip>
    </Typography>
  );
}

function Totals({ inventory }: { inventory: AccountInventory }) {
  const pass = inventory.last_pass;
  if (pass === null) return null;
  const total = Object.values(inventory.counts).reduce((sum, n) => sum + (n ?? 0), 0);
  const detail = countsText(inventory.counts);
  return (
    <Typography variant="body2">
      {`${total.toLocaleString('en-US')} resources in ${pass.regions} ${pass.regions === 1 ? 'region' : 'regions'}`}
      {detail === '' ? '' : `: ${detail}`}
    </Typography>
  );
}

function CollectionErrors({ inventory }: { inventory: AccountInventory }) {
  const errors = inventory.last_pass?.errors ?? [];
  if (errors.length === 0) return null;
  return (
    <Alert severity={inventory.state === 'failing' ? 'error' : 'warning'}>
      <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2 }}>
        {errors.map((error) => {
          const advice = collectionAdvice(error);
          return (
            <li key={`${error.region}:${error.service}:${error.operation}:${error.code}`}>
              {errorSummary(error)} — {advice.text}
              {advice.policy ? (
                <>
                  {' '}
                  (
                  <Link component={RouterLink} to={{ search: '?tab=iam-policy-update' }}>
                    IAM Policy Update
                  </Link>
                  , then redeploy the CloudFormation or Terraform template)
                </>
              ) : null}
            </li>
          );
        })}
      </Stack>
    </Alert>
  );
}

/** An AWS account's inventory in Settings → Cloud Accounts: state, last pass, counts, errors, collect now. */
export function InventoryStatus({
  account,
  inventory,
  isAdmin,
}: {
  account: Pick<CloudAccount, 'id' | 'name'>;
  inventory: AccountInventory;
  isAdmin: boolean;
}) {
  const collect = useCollectNowMutation();
  const reasonId = useId();
  const queuedPass = collect.data?.pass_id ?? null;
  const queued = queuedPass !== null && inventory.last_pass?.pass_id !== queuedPass;
  const collecting = inventory.state === 'collecting';
  const awaiting = inventory.state === 'awaiting_configuration';
  useRefetchWhile(queued || collecting);
  const pass = inventory.last_pass;
  const state = STATES[inventory.state];
  return (
    <Stack spacing={1} role="group" aria-label={`Inventory of ${account.name}`}>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="subtitle2">Inventory</Typography>
        <Chip size="small" label={queued ? 'Queued' : state.label} color={queued ? 'info' : state.color} />
        {collecting && pass !== null ? (
          <Typography variant="body2">{`${pass.regions_done} of ${pass.regions} regions done`}</Typography>
        ) : null}
        <LastCollected at={pass?.last_collected_at ?? null} />
        <Totals inventory={inventory} />
        {isAdmin ? (
          <Button
            size="small"
            variant="outlined"
            disabled={awaiting || queued || collecting}
            loading={collect.isPending}
            aria-describedby={awaiting ? reasonId : undefined}
            onClick={() => collect.mutate(account.id)}
          >
            Collect now
          </Button>
        ) : null}
      </Stack>
      {awaiting ? (
        <Typography id={reasonId} variant="body2" color="text.secondary">
          {`Collect now is unavailable: ${inventory.reason ?? 'the account is not configured'}. Add the missing settings with Edit.`}
        </Typography>
      ) : null}
      {queued ? <Alert severity="info">Collection queued; this updates when it starts.</Alert> : null}
      {collect.isError ? <Alert severity="error">{collect.error.message}</Alert> : null}
      <CollectionErrors inventory={inventory} />
    </Stack>
  );
}
