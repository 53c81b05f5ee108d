/** Cookie and header names shared by the server and the SPA (ARCHITECTURE §5, spec §7). */
export const SESSION_COOKIE = 'sessionid';
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';
/** The SPA treats a user as signed in when this cookie exists (spec §4). */
export const USER_ID_COOKIE = 'user_id';
/** API keys travel in this header; the SPA copies it from the cookie of the same name (spec §7). */
export const TOKEN_KEY_COOKIE = 'token_key';
export const TOKEN_KEY_HEADER = 'token-key';
/** Browser-storage key for the token_key query parameter (spec §2 start-up behaviour). */
export const TOKEN_KEY_STORAGE = 'token_key';
