import { landingPathFor, NEXT_PARAM, SIGN_IN_PATH } from '@finlens/contracts/routes';
import { currentEnvironment } from '../../lib/session';

/**
 * The `next` parameter of the sign-in screen when it is a same-origin path; anything else (another origin,
 * a protocol-relative `//host`, a backslash trick, the sign-in screen itself) is ignored, so a crafted
 * link cannot send a user elsewhere after sign-in.
 */
export function safeNextPath(next: string | null, origin: string = window.location.origin): string | null {
  if (next === null || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  try {
    const url = new URL(next, origin);
    if (url.origin !== origin || url.pathname === SIGN_IN_PATH) return null;
    return url.pathname + url.search + url.hash;
  } catch {
    return null;
  }
}

/** Where a successful sign-in goes: `next` when it is safe, else the environment's landing page. */
export function afterSignInPath(search: string): string {
  return safeNextPath(new URLSearchParams(search).get(NEXT_PARAM)) ?? landingPathFor(currentEnvironment());
}
