import { randomInt } from 'node:crypto';
import {
  PASSWORD_SPECIAL_CHARACTERS,
  type PasswordContext,
  passwordProblems,
} from '@finlens/cost-model/password-rules';
import type { Kysely } from 'kysely';
import type { AppTables } from '../db/tables';
import { createAuthRepo } from '../features/auth/auth.repo';
import type { PasswordHasher } from '../platform/auth/password-hasher';
import { serverPasswordProblems } from '../platform/auth/password-policy';
import { ConfigError } from '../platform/config';

export const DEMO_EMAIL = 'demo@finlens.local';
export const DEMO_CLIENT_NAME = 'Finlens Demo';
const CONTEXT: PasswordContext = {
  firstName: 'Demo',
  lastName: 'Admin',
  email: DEMO_EMAIL,
  companyName: DEMO_CLIENT_NAME,
};

export interface DemoAccount {
  email: string;
  /** The demo user's own client: the demo imports by this id, so another client of the same name is never touched. */
  clientId: string;
  clientName: string;
  /** The password set by this run; null when an existing user kept theirs. */
  password: string | null;
  generated: boolean;
  created: boolean;
}

/** 20 characters from every class the rules ask for, drawn again until no rule objects. */
export function generateDemoPassword(): string {
  const classes = [
    'ABCDEFGHJKLMNPQRSTUVWXYZ',
    'abcdefghijkmnpqrstuvwxyz',
    '23456789',
    PASSWORD_SPECIAL_CHARACTERS,
  ];
  const all = classes.join('');
  for (;;) {
    const chars = classes.map((set) => set[randomInt(set.length)] ?? '');
    while (chars.length < 20) chars.push(all[randomInt(all.length)] ?? '');
    for (let i = chars.length - 1; i > 0; i--) {
      const j = randomInt(i + 1);
      [chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? ''];
    }
    const password = chars.join('');
    if (passwordProblems(password, CONTEXT).length === 0) return password;
  }
}

/**
 * The demo client and its verified admin through the sign-up's own storage path; an existing demo user is
 * reused with the client they were created with, keeping their password unless DEMO_PASSWORD is given.
 */
export async function ensureDemoAccount(args: {
  db: Kysely<AppTables>;
  hasher: PasswordHasher;
  password: string | null;
}): Promise<DemoAccount> {
  const { db, hasher } = args;
  const repo = createAuthRepo({ db });
  if (args.password !== null) {
    const problems = serverPasswordProblems(args.password, CONTEXT);
    if (problems.length > 0)
      throw new ConfigError(`Invalid configuration: DEMO_PASSWORD ${problems.join(' ')}`);
  }
  const existing = await repo.findUserByEmail(DEMO_EMAIL);
  if (existing !== undefined) {
    if (args.password !== null) await repo.setPassword(existing.id, await hasher.hash(args.password), true);
    else await repo.setEmailVerified(existing.id);
    const client = await firstClientOf(db, existing.id);
    if (client === undefined) {
      throw new Error(
        `${DEMO_EMAIL} exists but belongs to no client; remove the user or add them to a client`,
      );
    }
    return {
      email: DEMO_EMAIL,
      clientId: client.id,
      clientName: client.name,
      password: args.password,
      generated: false,
      created: false,
    };
  }
  const password = args.password ?? generateDemoPassword();
  const { userId, clientId } = await repo.createUserWithClient({
    email: DEMO_EMAIL,
    passwordHash: await hasher.hash(password),
    firstName: CONTEXT.firstName ?? '',
    lastName: CONTEXT.lastName ?? '',
    companyName: DEMO_CLIENT_NAME,
  });
  await repo.setEmailVerified(userId);
  return {
    email: DEMO_EMAIL,
    clientId,
    clientName: DEMO_CLIENT_NAME,
    password,
    generated: args.password === null,
    created: true,
  };
}

/** The client the user joined first: the one sign-up (and so the demo) created for them. */
function firstClientOf(db: Kysely<AppTables>, userId: string) {
  return db
    .selectFrom('memberships')
    .innerJoin('clients', 'clients.id', 'memberships.client_id')
    .select(['clients.id', 'clients.name'])
    .where('memberships.user_id', '=', userId)
    .orderBy('memberships.created_at')
    .executeTakeFirst();
}
