import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { BarsLoader } from '../components/BarsLoader';
import { isSignedIn } from '../lib/session';
import { useStartupStore } from '../lib/startup-store';
import { loadInitialData } from './load-initial-data';
import { UnverifiedEmailNotice } from './UnverifiedEmailNotice';

const SWITCHING_VIEW_PATH = '/switching-view/';

/**
 * Runs the start-up chain once per session (and again after a client switch) and shows the signed-in
 * pages only when it has finished: the loader meanwhile, 'Failed to load initial data.' with a retry.
 */
export function StartupGate({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const phase = useStartupStore((state) => state.phase);
  const error = useStartupStore((state) => state.error);
  const { pathname } = useLocation();

  useEffect(() => {
    // Not after a logout: the user_id cookie is gone and the router is on its way to sign-in.
    if (phase === 'idle' && isSignedIn()) void loadInitialData({ queryClient, store: useStartupStore });
  }, [phase, queryClient]);

  switch (phase) {
    case 'idle':
    case 'loading':
      return <BarsLoader />;
    case 'failed':
      return (
        <Box sx={{ p: 3 }}>
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => useStartupStore.getState().reset()}>
                Retry
              </Button>
            }
          >
            {error}
          </Alert>
        </Box>
      );
    case 'unverified':
      return <UnverifiedEmailNotice />;
    case 'needs-client':
      // A partner user without an active client can only pick one.
      return pathname.startsWith(SWITCHING_VIEW_PATH) ? (
        children
      ) : (
        <Navigate to={SWITCHING_VIEW_PATH} replace />
      );
    case 'ready':
      return children;
  }
}
