import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { usePackage } from '../payment/api/package-query';
import { useRequestUpgrade } from '../payment/api/request-upgrade-mutation';

/**
 * The cost target pages are Operate paid items (spec §2, operate_paid). A self-hosted install has every
 * package (ADR 0002), so the page shows while the package loads and whenever it is active; only a package
 * answer without Operate replaces it with the explanation and the upgrade request of spec §7.
 */
export function OperatePackageGate({ children }: { children: ReactNode }) {
  const info = usePackage();
  const upgrade = useRequestUpgrade();
  if (info.data?.operate_paid !== false) return children;
  return (
    <Alert
      severity="info"
      role="region"
      aria-label="Operate paid package"
      action={
        <Button color="inherit" loading={upgrade.isPending} onClick={() => upgrade.mutate()}>
          Request upgrade
        </Button>
      }
    >
      Budgets and Cost Targets and the Contract Tracker are part of the Operate paid package. An administrator
      of your organisation can request the upgrade.
      {upgrade.isSuccess ? ` ${upgrade.data.detail}` : null}
      {upgrade.isError ? ` ${upgrade.error.message}` : null}
    </Alert>
  );
}
