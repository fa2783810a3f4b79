import { randomBytes } from 'node:crypto';
import { adminRoles } from '@letsema/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { hashPassword } from '../auth/passwords.js';

export const DEFAULT_ADMIN_EMAIL = 'admin@localhost';

// Any fixed number: instances starting together take it in turn to create the super admin.
const BOOTSTRAP_LOCK = 7_310_453;

/**
 * Makes sure a super admin exists. With no ADMIN_PASSWORD a random one is generated and handed
 * back once, for the caller to print; it is never stored in clear or logged.
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
  const fields = {
    passwordHash,
    fullName: 'Super Admin',
    isAdmin: true,
    isSuperAdmin: true,
    adminRoles: [...adminRoles],
    registrationStatus: 'active',
    accountStatus: 'active',
    // A generated password has been printed to a console: it must be replaced at first sign-in.
    passwordChangeRequired: generatedPassword !== undefined,
    updatedAt: new Date(),
  };
  // Instances started together on an empty database each get here; the first to take the lock
  // creates the admin and the others find it, so only one password is printed and it is the one kept.
  const foundMeanwhile = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BOOTSTRAP_LOCK})`);
    const created = await findExisting(tx);
    if (created) return created;
    await tx
      .insert(users)
      .values({ email, ...fields })
      .onConflictDoUpdate({ target: users.email, set: fields });
    return undefined;
  });
  if (foundMeanwhile) return { created: false, email: foundMeanwhile.email };
  return generatedPassword ? { created: true, email, generatedPassword } : { created: true, email };
}
