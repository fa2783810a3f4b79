/**
 * What a review may return and how its outcome is shown: no zod here, so that the registration wizard can
 * name what was returned without loading the rules (`schemas.ts` holds those).
 */

export const reviewMessages = {
  reasonAndField: 'Please provide a rejection reason and select at least one field',
  reasonRequired: 'Rejection reason is required',
  reasonTooLong: 'The reason must be at most 1000 characters',
} as const;

/** Fields an admin can return on the member's own registration. */
export const kycRejectableFields = ['profilePictureUrl', 'idDocumentUrl', 'personalInfo'] as const;
/** Fields an admin can return on a next of kin. */
export const kinRejectableFields = ['passportPhotoUrl', 'idDocumentUrl', 'proofOfAddressUrl', 'personalInfo'] as const;

export const rejectableFieldLabels: Record<string, string> = {
  profilePictureUrl: 'Passport Photo',
  passportPhotoUrl: 'Passport Photo',
  idDocumentUrl: 'ID Document',
  proofOfAddressUrl: 'Proof of Address',
  personalInfo: 'Personal Information',
};

/**
 * How the admin screen shows a registration (spec section 4): active is verified, rejected is
 * rejected, anything else pending.
 */
export function kycDisplayStatus(registrationStatus: string): 'verified' | 'rejected' | 'pending' {
  if (registrationStatus === 'active') return 'verified';
  if (registrationStatus === 'rejected') return 'rejected';
  return 'pending';
}

/** How the admin screen shows a next of kin: approved is verified, other values as they are. */
export function kinDisplayStatus(verificationStatus: string | null | undefined): string {
  if (!verificationStatus) return 'pending';
  return verificationStatus === 'approved' ? 'verified' : verificationStatus;
}
