import { CSRF_COOKIE, CSRF_HEADER } from '@finlens/contracts/session';
import type { HttpSession } from './http-session';

/** Multipart POST /c/billing/upload/ with the session's cookies and CSRF token (HttpSession sends JSON or forms only). */
export async function upload(
  session: HttpSession,
  fields: Record<string, string>,
  file: { name: string; data: Buffer },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(file.data)]), file.name);
  const response = await fetch(`${session.baseUrl}/c/billing/upload/`, {
    method: 'POST',
    body: form,
    headers: {
      accept: 'application/json',
      cookie: [...session.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      [CSRF_HEADER]: session.cookies.get(CSRF_COOKIE) ?? '',
    },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
