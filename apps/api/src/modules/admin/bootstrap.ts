import { randomBytes } from 'node:crypto';
import { adminRoles } from '@letsema/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { hashPassword } from '../auth/passwords.js';

export const DEFAULT_ADMIN_EMAIL = 'admin@localhost';

/**
 * Makes sure a super admin exists. With no ADMIN_PASSWORD a random one is generated and handed
 * back once, for the caller to print; it is never stored in clear or logged.
 */
export async function ensureSuperAdmin(
  db: Db,
  admin: { email: string | undefined; password: string | undefined },
): Promise<{ created: boolean; email: string; generatedPassword?: string }> {
  const [existing] = await db.select({ email: users.email }).from(users).where(eq(users.isSuperAdmin, true)).limit(1);
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
  await db
    .insert(users)
    .values({ email, ...fields })
    .onConflictDoUpdate({ target: users.email, set: fields });
  return generatedPassword ? { created: true, email, generatedPassword } : { created: true, email };
}
