import { type Environment, environmentFromHostname } from '@finlens/contracts/routes';
import { USER_ID_COOKIE } from '@finlens/contracts/session';
import { clearSessionCookie, readSessionCookie } from './cookies';

/** Spec §4: signed in means the user-id cookie exists. Read on every guard render, never cached. */
export function isSignedIn(): boolean {
  return readSessionCookie(USER_ID_COOKIE) !== null;
}

/** Forget the local session (the 401 logout of spec §8); the server session expires on its own. */
export function clearLocalSession(): void {
  clearSessionCookie(USER_ID_COOKIE);
}

/** Spec §9: the environment comes from the page address. */
export function currentEnvironment(): Environment {
  return environmentFromHostname(window.location.hostname);
}
