import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { adminRoles } from '@letsema/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { logins, users } from '../../db/schema.js';
import { hashPassword } from '../auth/passwords.js';

export const DEFAULT_ADMIN_EMAIL = 'admin@localhost';

/** The file in DATA_DIR that holds a generated super-admin password, readable by its owner only. */
export const INITIAL_PASSWORD_FILE = 'initial-admin-password';

// Any fixed number: instances starting together take it in turn to create the super admin.
const BOOTSTRAP_LOCK = 7_310_453;

/**
 * Makes sure a super admin exists. With no ADMIN_PASSWORD a random one is generated and handed
 * back once, for the caller to keep in a file only its owner reads (`keepGeneratedPassword`); it
 * is never logged, and the database holds only its hash.
 */
export async function ensureSuperAdmin(
  db: Db,
  admin: { email: string | undefined; password: string | undefined },
): Promise<{ created: boolean; email: string; generatedPassword?: string }> {
  const findExisting = async (executor: Pick<Db, 'select'>) => {
    const [row] = await executor
      .select({ email: users.email })
      .from(users)
      .where(eq(users.isSuperAdmin, true))
      .limit(1);
    return row;
  };
  const existing = await findExisting(db);
  if (existing) return { created: false, email: existing.email };

  const email = admin.email ?? DEFAULT_ADMIN_EMAIL;
  const generatedPassword = admin.password ? undefined : randomBytes(15).toString('base64url');
  const passwordHash = await hashPassword(admin.password ?? generatedPassword!);
  const credentials = {
    passwordHash,
    // A generated password has been written to a file: it must be replaced at first sign-in.
    passwordChangeRequired: generatedPassword !== undefined,
    updatedAt: new Date(),
  };
  const fields = {
    fullName: 'Super Admin',
    isAdmin: true,
    isSuperAdmin: true,
    adminRoles: [...adminRoles],
    registrationStatus: 'active',
    accountStatus: 'active',
    updatedAt: new Date(),
  };
  // Instances started together on an empty database each get here; the first to take the lock
  // creates the admin and the others find it, so only one password is printed and it is the one kept.
  const foundMeanwhile = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BOOTSTRAP_LOCK})`);
    const created = await findExisting(tx);
    if (created) return created;
    const [login] = await tx
      .insert(logins)
      .values({ email, ...credentials })
      .onConflictDoUpdate({ target: logins.email, set: credentials })
      .returning({ id: logins.id });
    await tx
      .insert(users)
      .values({ email, loginId: login!.id, ...fields })
      .onConflictDoUpdate({ target: [users.loginId, users.cooperativeId], set: fields });
    return undefined;
  });
  if (foundMeanwhile) return { created: false, email: foundMeanwhile.email };
  return generatedPassword ? { created: true, email, generatedPassword } : { created: true, email };
}

/**
 * Writes a generated super-admin password to `DATA_DIR/initial-admin-password`, readable and
 * writable by the owner only (0600), so that it never reaches a log or a terminal's scroll-back;
 * answers the file's path for the console to name.
 */
export function keepGeneratedPassword(dataDir: string, email: string, password: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, INITIAL_PASSWORD_FILE);
  writeFileSync(
    file,
    `e-mail:   ${email}\npassword: ${password}\n\nChoose a new password at first sign-in, then delete this file.\n`,
    { mode: 0o600 },
  );
  // The mode above applies only to a new file; one left by an earlier start is narrowed too.
  chmodSync(file, 0o600);
  return file;
}
