import { SIGN_IN_PATH } from '@finlens/contracts/routes';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { clearLocalSession } from '../../lib/session';
import { useStartupStore } from '../../lib/startup-store';
import { useLogoutMutation } from './api/logout-mutation';

/**
 * Sign-out: end the server session, then forget the local one (user_id cookie, cached data, start-up
 * state) and go to sign-in. The local part happens even when the call fails, so the user is never stuck.
 */
export function useSignOut() {
  const logout = useLogoutMutation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signOut = async () => {
    await logout.mutateAsync().catch(() => null);
    clearLocalSession();
    // Unmount the signed-in screens (start-up back to idle) and leave them before emptying the cache, so
    // none of them fetches again into it.
    useStartupStore.getState().reset();
    await navigate(SIGN_IN_PATH, { replace: true });
    queryClient.clear();
  };
  return { signOut, pending: logout.isPending };
}
