import Tooltip from '@mui/material/Tooltip';
import type { ReactElement } from 'react';

export const ADMIN_ONLY_MESSAGE = 'Only admins can manage team members.';

/**
 * Wraps an admin-only control: for a member it is disabled (by the caller) and explains why on hover.
 * The span lets the tooltip work over a disabled button.
 */
export function AdminOnly({ isAdmin, children }: { isAdmin: boolean; children: ReactElement }) {
  if (isAdmin) return children;
  return (
    <Tooltip title={ADMIN_ONLY_MESSAGE}>
      <span>{children}</span>
    </Tooltip>
  );
}
