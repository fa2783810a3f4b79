import { sql, type SQL } from 'drizzle-orm';
import { users } from '../../db/schema.js';
import { isoTime } from '../../db/sql-json.js';

type UserRow = typeof users.$inferSelect;

/** The user as the API answers it: never the password hash. */
export function toUserView(user: UserRow) {
  return {
    id: user.id,
    email: user.email,
    fullName: user.fullName,
    phoneNumber: user.phoneNumber,
    identityType: user.identityType,
    nationalId: user.nationalId,
    dateOfBirth: user.dateOfBirth,
    address: user.address,
    city: user.city,
    province: user.province,
    profilePictureUrl: user.profilePictureUrl,
    idDocumentUrl: user.idDocumentUrl,
    registrationStatus: user.registrationStatus,
    isAdmin: user.isAdmin,
    isSuperAdmin: user.isSuperAdmin,
    adminRoles: user.isAdmin ? user.adminRoles : [],
    rejectedFields: user.rejectedFields ?? [],
    rejectionReason: user.rejectionReason,
    hasPassword: user.passwordHash !== null,
    emailVerified: user.emailVerifiedAt !== null,
    mfaEnabled: user.mfaEnabledAt !== null,
    passwordChangeRequired: user.passwordChangeRequired,
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}

export type UserView = ReturnType<typeof toUserView>;

/**
 * `toUserView` in SQL: the arguments of a `json_build_object` call, field by field and in the same
 * order, for answers the database writes as JSON (a parity test keeps the two writings equal).
 */
export function userViewJsonFields(): SQL {
  return sql`
    'id', ${users.id},
    'email', ${users.email},
    'fullName', ${users.fullName},
    'phoneNumber', ${users.phoneNumber},
    'identityType', ${users.identityType},
    'nationalId', ${users.nationalId},
    'dateOfBirth', ${users.dateOfBirth},
    'address', ${users.address},
    'city', ${users.city},
    'province', ${users.province},
    'profilePictureUrl', ${users.profilePictureUrl},
    'idDocumentUrl', ${users.idDocumentUrl},
    'registrationStatus', ${users.registrationStatus},
    'isAdmin', ${users.isAdmin},
    'isSuperAdmin', ${users.isSuperAdmin},
    'adminRoles', case when ${users.isAdmin} then ${users.adminRoles} else '[]'::jsonb end,
    'rejectedFields', coalesce(${users.rejectedFields}, '[]'::jsonb),
    'rejectionReason', ${users.rejectionReason},
    'hasPassword', ${users.passwordHash} is not null,
    'emailVerified', ${users.emailVerifiedAt} is not null,
    'mfaEnabled', ${users.mfaEnabledAt} is not null,
    'passwordChangeRequired', ${users.passwordChangeRequired},
    'lastLoginAt', ${isoTime(users.lastLoginAt)},
    'createdAt', ${isoTime(users.createdAt)},
    'updatedAt', ${isoTime(users.updatedAt)}`;
}

/**
 * The answer of `GET /api/auth/me` written by the database as JSON text: `toUserView` of the
 * account and the two two-factor flags the route adds. The call every screen makes then reads one
 * column instead of the whole row, and sends it on without building an object.
 */
export function meViewJson(mfaRequiredForAdmins: boolean): SQL<string> {
  const mfaRequired = sql`(${users.isAdmin} and ${sql.raw(mfaRequiredForAdmins ? 'true' : 'false')})`;
  return sql<string>`json_build_object(${userViewJsonFields()},
    'mfaRequired', ${mfaRequired},
    'mfaEnrolmentRequired', ${mfaRequired} and ${users.mfaEnabledAt} is null
  )::text`;
}

/** A registration in the review queue as the API answers it: the user view and when it was submitted. */
export function registrationViewJson(): SQL<unknown> {
  return sql`json_build_object(${userViewJsonFields()}, 'submittedAt', ${isoTime(users.submittedAt)})`;
}
