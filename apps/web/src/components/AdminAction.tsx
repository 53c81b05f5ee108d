import Tooltip from '@mui/material/Tooltip';
import type { ReactElement } from 'react';
import { useCurrentUser } from '../features/auth/api/current-user-query';

/** The signed-in user is an admin of the active client: the server's 'admin' rule of every write here. */
export function useIsAdmin(): boolean {
  return useCurrentUser().data?.is_admin ?? false;
}

/**
 * An admin-only control (showbacks, chargebacks, tag policies, team members): a member sees it disabled and
 * learns why on hover. `children` draws the control, disabled or not; the span holds the tooltip because a
 * disabled button takes no pointer events.
 */
export function AdminAction({
  reason,
  children,
}: {
  reason: string;
  children: (disabled: boolean) => ReactElement;
}) {
  const isAdmin = useIsAdmin();
  if (isAdmin) return children(false);
  return (
    <Tooltip title={reason}>
      <span style={{ display: 'inline-flex' }}>{children(true)}</span>
    </Tooltip>
  );
}
