import { CSRF_HEADER } from '@finlens/contracts/session';
import type { HttpSession } from './http-session';

/** Multipart POST /c/billing/upload/ with the session's cookies and CSRF token (HttpSession sends JSON or forms only). */
export function upload(
  session: HttpSession,
  fields: Record<string, string>,
  file: { name: string; data: Buffer },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(file.data)]), file.name);
  return send(session, form, {});
}

/** POST /c/billing/upload/ with a hand-built body and content type (for malformed multipart). */
export function uploadRaw(session: HttpSession, contentType: string, body: Buffer) {
  return send(session, new Uint8Array(body), { 'content-type': contentType });
}

async function send(session: HttpSession, body: FormData | Uint8Array, headers: Record<string, string>) {
  const response = await fetch(`${session.baseUrl}/c/billing/upload/`, {
    method: 'POST',
    body,
    headers: {
      accept: 'application/json',
      cookie: [...session.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      [CSRF_HEADER]: session.csrfCookie() ?? '',
      ...headers,
    },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
