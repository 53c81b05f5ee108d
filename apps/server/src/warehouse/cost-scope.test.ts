import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MigratedTestDatabase, openMigratedTestDatabase } from '../db/test-app-database';
import { type ClientCaller, hasClient } from '../platform/auth/caller';
import { loadCaller } from '../platform/auth/load-caller';
import { costScopesOver, createCostScopes } from './cost-scope';

let db: MigratedTestDatabase;

beforeAll(async () => {
  db = await openMigratedTestDatabase('cost-scope');
  await db.db.insertInto('partners').values({ id: 'partner', name: 'Partner' }).execute();
  await db.db
    .insertInto('clients')
    .values([
      { id: 'acme', name: 'Acme', partner_id: 'partner', is_rbac_enabled: true },
      { id: 'other', name: 'Other' },
    ])
    .execute();
  await db.db
    .insertInto('projects')
    .values([
      { id: 'aws-1', client_id: 'acme', name: 'Payer' },
      { id: 'azure-1', client_id: 'acme', name: 'Subscription', cloud_type: 'azure' },
      { id: 'theirs', client_id: 'other', name: 'Theirs' },
    ])
    .execute();
  for (const id of ['member', 'admin', 'partner-user']) {
    await db.db
      .insertInto('users')
      .values({ id, email: `${id}@example.com`, password_hash: null, profile_picture: null })
      .execute();
  }
  await db.db
    .insertInto('memberships')
    .values([
      { client_id: 'acme', user_id: 'member', role: 'member' },
      { client_id: 'acme', user_id: 'admin', role: 'admin' },
    ])
    .execute();
  await db.db
    .insertInto('partner_users')
    .values({ user_id: 'partner-user', partner_id: 'partner', partner_user_role: 'member' })
    .execute();
}, 60_000);
afterAll(async () => {
  await db?.close();
});

/** The Caller the auth hook would build for a user in Acme. */
async function callerOf(userId: string, via: 'session' | 'api_key' = 'session'): Promise<ClientCaller> {
  const caller = await loadCaller(
    { db: db.db, internalEmailDomains: [] },
    { userId, clientId: 'acme', via, sessionId: null },
  );
  if (caller === null || !hasClient(caller)) throw new Error(`${userId} has no client`);
  return caller;
}

describe('the one cost scope', () => {
  it("gives every kind of caller the client's projects, with names and clouds", async () => {
    const scopes = createCostScopes({ db: db.db });
    const member = await callerOf('member');
    expect(member.restricted).toBe(true);
    const partner = await callerOf('partner-user');
    expect(partner).toMatchObject({ isPartnerUser: true, clientId: 'acme' });
    const apiKey = await callerOf('admin', 'api_key');
    for (const caller of [member, partner, apiKey, await callerOf('admin')]) {
      expect(await scopes.requested(caller)).toEqual({
        clientId: 'acme',
        projectIds: ['aws-1', 'azure-1'],
        projectNames: { 'aws-1': 'Payer', 'azure-1': 'Subscription' },
        projects: [
          { id: 'aws-1', name: 'Payer', cloudType: 'aws', ingestedAt: null },
          { id: 'azure-1', name: 'Subscription', cloudType: 'azure', ingestedAt: null },
        ],
      });
    }
  });

  it('narrows to the requested ids (once each); none requested reads none', async () => {
    const scopes = createCostScopes({ db: db.db });
    const member = await callerOf('member');
    expect((await scopes.requested(member, ['azure-1', 'azure-1'])).projectIds).toEqual(['azure-1']);
    expect((await scopes.requested(member, [])).projectIds).toEqual([]);
  });

  it("answers another client's project and an unknown id with the same 404, whoever asks", async () => {
    const scopes = createCostScopes({ db: db.db });
    for (const caller of [
      await callerOf('member'),
      await callerOf('partner-user'),
      await callerOf('admin', 'api_key'),
    ]) {
      for (const ids of [['theirs'], ['no-such-project'], ['aws-1', 'theirs']]) {
        await expect(scopes.requested(caller, ids)).rejects.toMatchObject({
          statusCode: 404,
          message: 'Not found.',
        });
      }
    }
  });

  it('drops saved ids whose project is gone (a job reading a saved report or target)', async () => {
    const scopes = createCostScopes({ db: db.db });
    const saved = await scopes.saved({ clientId: 'acme' }, ['aws-1', 'removed-since', 'theirs']);
    expect(saved.projectIds).toEqual(['aws-1']);
    expect((await scopes.saved({ clientId: 'acme' })).projectIds).toEqual(['aws-1', 'azure-1']);
  });

  it('shows an import, a rename, a new or a removed project on the very next read', async () => {
    const scopes = createCostScopes({ db: db.db });
    const admin = await callerOf('admin');
    const versionOf = async () => (await scopes.requested(admin, ['aws-1'])).dataVersion;
    expect(await versionOf()).toBeUndefined();
    const stamp = (at: string) =>
      db.db
        .updateTable('projects')
        .set({ billing_last_ingestion_datetime: new Date(at) })
        .where('id', '=', 'aws-1')
        .execute();
    await stamp('2026-01-01T00:00:00Z');
    const first = await versionOf();
    expect(first).toBeDefined();
    expect(await versionOf()).toBe(first);
    await stamp('2026-01-02T00:00:00Z');
    const second = await versionOf();
    expect(second).not.toBe(first);
    await db.db.updateTable('projects').set({ name: 'Renamed' }).where('id', '=', 'aws-1').execute();
    expect((await scopes.requested(admin)).projectNames['aws-1']).toBe('Renamed');
    await db.db.insertInto('projects').values({ id: 'aws-2', client_id: 'acme', name: 'New' }).execute();
    expect((await scopes.requested(admin)).projectIds).toEqual(['aws-1', 'azure-1', 'aws-2']);
    await db.db.deleteFrom('projects').where('id', '=', 'aws-2').execute();
    await expect(scopes.requested(admin, ['aws-2'])).rejects.toMatchObject({ statusCode: 404 });
    await db.db
      .updateTable('projects')
      .set({ name: 'Payer', billing_last_ingestion_datetime: null })
      .where('id', '=', 'aws-1')
      .execute();
  });

  it('a client without projects reads nothing', async () => {
    const scopes = costScopesOver(async () => []);
    const caller = await callerOf('admin');
    expect((await scopes.requested(caller)).projectIds).toEqual([]);
    await expect(scopes.requested(caller, ['aws-1'])).rejects.toMatchObject({ statusCode: 404 });
  });

  it('carries a data version once every project in it has imported, a new one after each import', async () => {
    const projects = [
      { id: 'a', name: 'A', cloudType: 'aws' as const, ingestedAt: '2026-01-01T00:00:00Z' },
      { id: 'b', name: 'B', cloudType: 'aws' as const, ingestedAt: null as string | null },
    ];
    const scopes = costScopesOver(async () => projects.map((p) => ({ ...p })));
    const reader = { clientId: 'acme' };
    expect((await scopes.saved(reader)).dataVersion).toBeUndefined();
    const onlyA = (await scopes.saved(reader, ['a'])).dataVersion;
    expect(onlyA).toBeDefined();
    projects[1] = { ...projects[1], id: 'b', ingestedAt: '2026-01-02T00:00:00Z' } as (typeof projects)[1];
    const both = (await scopes.saved(reader)).dataVersion;
    expect(both).toBeDefined();
    projects[0] = { ...projects[0], ingestedAt: '2026-01-03T00:00:00Z' } as (typeof projects)[0];
    expect((await scopes.saved(reader)).dataVersion).not.toBe(both);
    expect((await scopes.saved(reader, ['a'])).dataVersion).not.toBe(onlyA);
  });
});
