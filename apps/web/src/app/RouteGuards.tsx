import { landingPathFor, signInPathWithNext } from '@finlens/contracts/routes';
import { Navigate, Outlet, useLocation } from 'react-router';
import { currentEnvironment, isSignedIn } from '../lib/session';

/** Protected areas: a signed-out user goes to sign-in, carrying the wanted page in `next`. */
export function RequireSignedIn() {
  const location = useLocation();
  if (!isSignedIn()) return <Navigate to={signInPathWithNext(location.pathname + location.search)} replace />;
  return <Outlet />;
}

/** The sign-in screen is restricted: a signed-in user goes to the landing page of the environment. */
export function RequireSignedOut() {
  if (isSignedIn()) return <Navigate to={landingPathFor(currentEnvironment())} replace />;
  return <Outlet />;
}
