import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Executor } from './client.js';
import { cooperatives, logins, users } from './schema.js';

/** What a person's login holds beyond its address: password, two-factor and third-party identity. */
export const credentialColumns = {
  passwordHash: logins.passwordHash,
  passwordSetAt: logins.passwordSetAt,
  emailVerifiedAt: logins.emailVerifiedAt,
  oidcIssuer: logins.oidcIssuer,
  oidcSubject: logins.oidcSubject,
  mfaSecret: logins.mfaSecret,
  mfaEnabledAt: logins.mfaEnabledAt,
  mfaPendingSecret: logins.mfaPendingSecret,
  mfaLastStep: logins.mfaLastStep,
  passwordChangeRequired: logins.passwordChangeRequired,
};

type LoginRow = typeof logins.$inferSelect;
type UserRow = typeof users.$inferSelect;

/** A person in a cooperative with their login's credentials: what sign-in and account settings read. */
export type Account = UserRow & Pick<LoginRow, keyof typeof credentialColumns>;

/** An account's columns, for a select that joins `logins` on `users.login_id` itself. */
export const accountColumns = { ...getTableColumns(users), ...credentialColumns };

/** Selects accounts (a `users` row joined to its login); add `.where(...)`. */
export function selectAccount(db: Executor) {
  return db.select(accountColumns).from(users).innerJoin(logins, eq(logins.id, users.loginId));
}

/** The credentials of a new login; every field but the address may be left out. */
export type NewLogin = Omit<typeof logins.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
/** The cooperative's side of a new account; its address and login are set from the login. */
export type NewAccountRow = Omit<typeof users.$inferInsert, 'id' | 'email' | 'loginId'>;

/**
 * Opens a login and the person's row in a cooperative (the default one unless named), in the
 * caller's transaction. Answers null when the address already has a login (a registration racing
 * this one took it first).
 */
export async function insertAccount(
  tx: Executor,
  login: NewLogin,
  person: NewAccountRow = {},
): Promise<Account | null> {
  const [made] = await tx.insert(logins).values(login).onConflictDoNothing().returning();
  if (!made) return null;
  const [row] = await tx
    .insert(users)
    .values({ ...person, email: made.email, loginId: made.id })
    .returning();
  const { id: _loginId, email: _email, createdAt: _createdAt, updatedAt: _updatedAt, ...credentials } = made;
  return { ...row!, ...credentials };
}

/**
 * The rows still in use (one a cooperative, personal data not erased) of a login, for a condition
 * such as `inArray(sessions.userId, …)`: read past the wall between cooperatives by `login_rows`
 * (migration 0029), ids only.
 */
export function rowsOfLogin(loginId: string) {
  return sql`(select login_rows(${loginId}) as id)`;
}

/**
 * Whether the cooperative of a `users` row is open: a suspended cooperative (or one waiting for the
 * platform's approval) lets none of its people in.
 */
export const cooperativeIsOpen = sql`exists (select 1 from ${cooperatives} where ${cooperatives.id} = ${users.cooperativeId} and ${cooperatives.status} = 'active')`;

/**
 * The order in which a login's rows are offered when it signs in: an active one in an open
 * cooperative first, then the cooperative used last. A person in one cooperative has one row, so it
 * changes nothing for them.
 */
export const signInOrder = [
  sql`${users.accountStatus} = 'active' and ${cooperativeIsOpen} desc`,
  sql`${users.lastLoginAt} desc nulls last`,
  users.createdAt,
];

/**
 * The open cooperatives of a login (an active row in an active cooperative) with the person's row in
 * each, read past the wall by `login_cooperatives` (migration 0031): for switching between them.
 */
export async function cooperativesOfLogin(db: Executor, loginId: string) {
  const { rows } = await db.execute<{ user_id: string; cooperative_id: string; name: string }>(
    sql`select user_id, cooperative_id, name from login_cooperatives(${loginId})`,
  );
  return rows.map((row) => ({ userId: row.user_id, cooperativeId: row.cooperative_id, name: row.name }));
}

/** The open cooperative an invitation link names (`/join/<slug>`), read past the wall: id, name, province. */
export async function openCooperativeByLink(db: Executor, slug: string) {
  const { rows } = await db.execute<{ id: string; name: string; province: string | null }>(
    sql`select id, name, province from open_cooperative(${slug})`,
  );
  return rows[0] ? { ...rows[0], slug } : null;
}
