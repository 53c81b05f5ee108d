import { SIGN_IN_PATH, signInPathWithNext } from '@finlens/contracts/routes';
import type { QueryClient } from '@tanstack/react-query';
import type { createBrowserRouter } from 'react-router';
import { clearLocalSession } from '../lib/session';
import { useStartupStore } from '../lib/startup-store';

type AppRouter = Pick<ReturnType<typeof createBrowserRouter>, 'state' | 'navigate'>;

/** Spec §8: a 401 logs out: forget the local session and cached data (spend included), then sign in again. */
export function createLogoutHandler(router: AppRouter, queryClient: QueryClient): () => void {
  return () => {
    clearLocalSession();
    queryClient.clear();
    useStartupStore.getState().reset();
    const { pathname, search } = router.state.location;
    // Several calls may fail at once; on the sign-in screen already, keep its `next`.
    if (pathname === SIGN_IN_PATH) return;
    // Screens still mounted until the navigation ends may re-create queries: clear once more after it.
    void router
      .navigate(signInPathWithNext(pathname + search), { replace: true })
      .then(() => queryClient.clear());
  };
}
