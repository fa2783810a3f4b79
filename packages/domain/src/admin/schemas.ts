import { z } from 'zod';

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

const reason = z
  .string({ error: reviewMessages.reasonAndField })
  .trim()
  .min(1, { error: reviewMessages.reasonAndField })
  .max(1000, { error: reviewMessages.reasonTooLong });

export const rejectKycBody = z.object({
  reason,
  rejectedFields: z
    .array(z.enum(kycRejectableFields, { error: reviewMessages.reasonAndField }), {
      error: reviewMessages.reasonAndField,
    })
    .min(1, { error: reviewMessages.reasonAndField })
    .transform((fields) => [...new Set(fields)]),
});
export type RejectKycBody = z.infer<typeof rejectKycBody>;

export const rejectKinBody = z.object({
  reason,
  rejectedFields: z
    .array(z.enum(kinRejectableFields, { error: reviewMessages.reasonAndField }), {
      error: reviewMessages.reasonAndField,
    })
    .min(1, { error: reviewMessages.reasonAndField })
    .transform((fields) => [...new Set(fields)]),
});
export type RejectKinBody = z.infer<typeof rejectKinBody>;

/** A plain rejection with a reason (payments and pool requests). */
export const rejectWithReasonBody = z.object({
  reason: z
    .string({ error: reviewMessages.reasonRequired })
    .trim()
    .min(1, { error: reviewMessages.reasonRequired })
    .max(1000, { error: reviewMessages.reasonTooLong }),
});
export type RejectWithReasonBody = z.infer<typeof rejectWithReasonBody>;

/** Bounded paging for admin lists that grow with members. */
export const pageQuery = z.object({
  page: z.coerce.number({ error: 'page must be a whole number from 1' }).int().min(1).max(100_000).default(1),
  limit: z.coerce.number({ error: 'limit must be from 1 to 100' }).int().min(1).max(100).default(50),
});
export type PageQuery = z.infer<typeof pageQuery>;

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
