import { signInPathWithNext } from '@finlens/contracts/routes';
import type { QueryClient } from '@tanstack/react-query';
import type { createBrowserRouter } from 'react-router';
import { useStartupStore } from '../features/startup/startup-store';
import { clearLocalSession } from './session';

type AppRouter = Pick<ReturnType<typeof createBrowserRouter>, 'state' | 'navigate'>;

/** Spec §8: a 401 logs out: forget the local session and cached data (spend included), then sign in again. */
export function createLogoutHandler(router: AppRouter, queryClient: QueryClient): () => void {
  return () => {
    clearLocalSession();
    queryClient.clear();
    useStartupStore.getState().reset();
    const { pathname, search } = router.state.location;
    void router.navigate(signInPathWithNext(pathname + search), { replace: true });
  };
}
