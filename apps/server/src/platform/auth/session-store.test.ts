import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type MigratedTestDatabase, openMigratedTestDatabase } from '../../db/test-app-database';
import { createSessionStore } from './session-store';

let database: MigratedTestDatabase;

beforeAll(async () => {
  database = await openMigratedTestDatabase('session-store');
  await database.db
    .insertInto('users')
    .values({ id: 'ada', email: 'ada@example.com', password_hash: null, profile_picture: null })
    .execute();
  await database.db
    .insertInto('clients')
    .values([
      { id: 'acme', name: 'Acme' },
      { id: 'other', name: 'Other' },
    ])
    .execute();
}, 60_000);
afterAll(async () => {
  await database?.close();
});

describe('the session store', () => {
  it('finds a session again after every change: deleted anywhere, switched client, expired, user removed', async () => {
    const { db } = database;
    const sessions = createSessionStore({ db });
    const first = await sessions.create({ userId: 'ada', clientId: 'acme' });
    const found = { id: first.id, userId: 'ada', clientId: 'acme', csrfToken: first.csrfToken };
    expect(await sessions.find(first.token)).toEqual(found);
    expect(await sessions.find(first.token)).toEqual(found);

    await sessions.setClient(first.id, 'other');
    expect(await sessions.find(first.token)).toEqual({ ...found, clientId: 'other' });

    // Not through the store: any statement of the app database counts.
    await db.deleteFrom('sessions').where('id', '=', first.id).execute();
    expect(await sessions.find(first.token)).toBeNull();

    const second = await sessions.create({ userId: 'ada', clientId: 'acme' });
    expect(await sessions.find(second.token)).not.toBeNull();
    await db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', second.id)
      .execute();
    expect(await sessions.find(second.token)).toBeNull();

    const third = await sessions.create({ userId: 'ada', clientId: 'acme' });
    expect(await sessions.find(third.token)).not.toBeNull();
    await sessions.deleteForUser('ada', third.id);
    expect(await sessions.find(third.token)).not.toBeNull();
    await db.deleteFrom('users').where('id', '=', 'ada').execute(); // its sessions go with it
    expect(await sessions.find(third.token)).toBeNull();
  });

  it('refuses a kept session once its expiry passes, with no write in between', async () => {
    const { db } = database;
    await db
      .insertInto('users')
      .values({ id: 'bob', email: 'bob@example.com', password_hash: null, profile_picture: null })
      .execute();
    const sessions = createSessionStore({ db });
    const session = await sessions.create({ userId: 'bob', clientId: null });
    expect(await sessions.find(session.token)).not.toBeNull();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(session.expiresAt.getTime() + 1);
      expect(await sessions.find(session.token)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
