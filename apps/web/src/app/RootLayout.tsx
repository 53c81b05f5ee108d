import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { BarsLoader } from '../components/BarsLoader';
import { useDocumentTitle, useScrollReset, useTokenKeySync } from './start-up-hooks';

/**
 * Start-up behaviour of spec §2 for every route. The screen-recording analytics tool of the spec is
 * deliberately not started: Finlens is self-hosted and sends nothing to third parties.
 */
export function RootLayout() {
  useTokenKeySync();
  useDocumentTitle();
  useScrollReset();
  return (
    <Suspense fallback={<BarsLoader />}>
      <Outlet />
    </Suspense>
  );
}
