import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngine } from '../../../test/database.js';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { meViewJson, registrationViewJson, toUserView } from './user-view.js';

/** What the route answered before the database wrote it: the user view and the two two-factor flags. */
function meInJavaScript(user: typeof users.$inferSelect, mfaRequiredForAdmins: boolean) {
  const mfaRequired = user.isAdmin && mfaRequiredForAdmins;
  return { ...toUserView(user), mfaRequired, mfaEnrolmentRequired: mfaRequired && !user.mfaEnabledAt };
}

describe(`the /me answer written by the database (${testEngine})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.insert(users).values([
      // A new member: almost everything empty.
      { email: 'new.member@example.com' },
      // A member with every field, a rejection, and times whose microseconds must not round up.
      {
        email: 'full.member@example.com',
        passwordHash: 'hash',
        fullName: 'Lerato "Lee" Dube \\ Nkosi',
        phoneNumber: '0821234567',
        identityType: 'sa_id',
        nationalId: '9001015009087',
        dateOfBirth: '1990-01-01',
        address: '12 Vilakazi Street\nOrlando West',
        city: 'Soweto',
        province: 'Gauteng',
        profilePictureUrl: '/api/files/a',
        idDocumentUrl: '/api/files/b',
        registrationStatus: 'rejected',
        rejectedFields: ['idDocument', 'address'],
        rejectionReason: 'The ID is not readable: ü, é, 🙂',
        emailVerifiedAt: new Date('2026-01-02T03:04:05.678Z'),
        lastLoginAt: new Date('2026-03-04T05:06:07.999Z'),
        createdAt: new Date('2025-12-31T23:59:59.999Z'),
        submittedAt: new Date('2026-02-03T04:05:06.007Z'),
        passwordChangeRequired: true,
      },
      // A staff admin with roles and no second factor, and one with it.
      { email: 'staff@example.com', isAdmin: true, adminRoles: ['kyc_reviewer', 'payments_approver'] },
      { email: 'super@example.com', isAdmin: true, isSuperAdmin: true, mfaEnabledAt: new Date() },
      // A member whose stored roles must not show.
      { email: 'former.staff@example.com', adminRoles: ['kyc_reviewer'] },
    ]);
    // Microseconds that JavaScript never sees: they must be cut, not rounded, in both writings.
    await database.db.execute(
      sql`update users set updated_at = '2026-05-06 07:08:09.999999+00' where email = 'full.member@example.com'`,
    );
  });
  afterAll(async () => {
    await database?.close();
  });

  for (const mfaRequiredForAdmins of [true, false]) {
    it(`equals toUserView and the route's flags for every kind of account (two-factor required: ${mfaRequiredForAdmins})`, async () => {
      const rows = await database.db.select().from(users);
      expect(rows.length).toBe(5);
      for (const row of rows) {
        const [written] = await database.db
          .select({ me: meViewJson(mfaRequiredForAdmins) })
          .from(users)
          .where(eq(users.id, row.id));
        expect(JSON.parse(written!.me), row.email).toEqual(meInJavaScript(row, mfaRequiredForAdmins));
      }
    });
  }

  it('keeps the same fields in the same order as toUserView', async () => {
    const [row] = await database.db.select().from(users).where(eq(users.email, 'full.member@example.com'));
    const [written] = await database.db
      .select({ me: meViewJson(true) })
      .from(users)
      .where(eq(users.id, row!.id));
    expect(Object.keys(JSON.parse(written!.me) as object)).toEqual(Object.keys(meInJavaScript(row!, true)));
  });

  it("writes the review queue's view as the route wrote it: the user view and when it was submitted", async () => {
    const rows = await database.db.select().from(users);
    for (const row of rows) {
      const [written] = await database.db
        .select({ view: sql<string>`${registrationViewJson()}::text` })
        .from(users)
        .where(eq(users.id, row.id));
      const expected = { ...toUserView(row), submittedAt: row.submittedAt?.toISOString() ?? null };
      expect(JSON.parse(written!.view), row.email).toEqual(expected);
      expect(Object.keys(JSON.parse(written!.view) as object)).toEqual(Object.keys(expected));
    }
  });
});
