import type { Account } from '../../db/accounts.js';

/** The user as the API answers it: never the password hash. */
export function toUserView(user: Account) {
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
