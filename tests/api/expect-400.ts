import { expect } from 'vitest';

/** Awaits a response and checks it is a 400 whose `errors` names `field` (the error handler's body). */
export async function expect400(pending: Promise<{ status: number; body: unknown }>, field: string) {
  const { status, body } = await pending;
  expect(status, JSON.stringify(body)).toBe(400);
  expect(Object.keys((body as { errors?: object }).errors ?? {}), JSON.stringify(body)).toContain(field);
}
