import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { usePackage } from './package-query';
import { useRequestUpgrade } from './request-upgrade-mutation';

/**
 * A page of the Inform paid package (spec §1–2, inform_paid: Analysis, Cost Saving Recommendations), named by
 * `feature`. A self-hosted install has every package (ADR 0002), so this normally shows the page; when the package
 * answer says otherwise it explains the package and offers the upgrade request of spec §7.
 */
export function InformPackageGate({ feature, children }: { feature: string; children: ReactNode }) {
  const info = usePackage();
  const upgrade = useRequestUpgrade();
  if (info.isPending) return <Skeleton variant="rounded" height={240} aria-label="Loading the package" />;
  if (info.isError) return <Alert severity="error">{info.error.message}</Alert>;
  if (info.data.inform_paid) return children;
  return (
    <Paper variant="outlined" sx={{ p: 3 }} role="region" aria-label="Inform paid package">
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="h6" component="h2">
          {feature} is part of the Inform paid package
        </Typography>
        <Typography>
          The Inform paid package adds Analysis (saved, shared and scheduled cost reports), Insights and Cost
          Saving Recommendations. An administrator of your organisation can request the upgrade here.
        </Typography>
        {upgrade.isSuccess ? <Alert severity="success">{upgrade.data.detail}</Alert> : null}
        {upgrade.isError ? <Alert severity="error">{upgrade.error.message}</Alert> : null}
        <Button variant="contained" loading={upgrade.isPending} onClick={() => upgrade.mutate()}>
          Request upgrade
        </Button>
      </Stack>
    </Paper>
  );
}
