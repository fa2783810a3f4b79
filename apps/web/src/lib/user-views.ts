import type { RegistrationStatus } from '@letsema/domain';

/** A user as the API answers one: `GET /api/auth/me` and the admin review calls. */
export interface UserView {
  id: string;
  email: string;
  fullName: string | null;
  phoneNumber: string | null;
  identityType: string | null;
  nationalId: string | null;
  dateOfBirth: string | null;
  address: string | null;
  city: string | null;
  province: string | null;
  profilePictureUrl: string | null;
  idDocumentUrl: string | null;
  registrationStatus: RegistrationStatus;
  isAdmin: boolean;
  isSuperAdmin: boolean;
  adminRoles: string[];
  rejectedFields: string[];
  rejectionReason: string | null;
  hasPassword: boolean;
  emailVerified: boolean;
  mfaEnabled: boolean;
  passwordChangeRequired: boolean;
  /** Only on `GET /api/auth/me`: two-factor sign-in is required of this account (an admin). */
  mfaRequired?: boolean;
  /** Only on `GET /api/auth/me`: an admin who must turn on two-factor sign-in first. */
  mfaEnrolmentRequired?: boolean;
  lastLoginAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A next of kin as the API answers one: `GET /api/auth/next-of-kin` and the admin review calls. */
export interface NextOfKinView {
  id: string;
  nokOrder: number;
  fullName: string;
  relationship: string;
  phoneNumber: string;
  email: string | null;
  nationalId: string;
  dateOfBirth: string;
  address: string;
  passportPhotoUrl: string | null;
  idDocumentUrl: string | null;
  proofOfAddressUrl: string | null;
  verificationStatus: string;
  rejectedFields: string[];
  rejectionReason: string | null;
  createdAt: string;
  updatedAt: string;
}
