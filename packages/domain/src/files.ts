import type { AdminRole } from './roles.js';

/** Uploads are refused past this size, while they stream. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export const uploadKinds = [
  'profile-picture',
  'id-document',
  'nok-passport-photo',
  'nok-id-document',
  'nok-proof-of-address',
  'proof-of-payment',
  'expense-receipt',
  'income-proof',
  'bank-statement',
  'payout-proof',
  'loan-disbursement-proof',
] as const;
export type UploadKind = (typeof uploadKinds)[number];

/**
 * What each upload accepts, which admin role may see it besides its owner, and the message when
 * no file was chosen (the same in the browser and from the server).
 */
export const uploadRules: Record<
  UploadKind,
  {
    accepts: 'photo' | 'document';
    reviewerRole: AdminRole;
    missingMessage: string;
    /** Only admins holding this role may upload it (the books' documents). */
    uploaderRole?: AdminRole;
  }
> = {
  'profile-picture': {
    accepts: 'photo',
    reviewerRole: 'member_management',
    missingMessage: 'Please select a photo to upload',
  },
  'id-document': {
    accepts: 'document',
    reviewerRole: 'member_management',
    missingMessage: 'Please select your ID document to upload',
  },
  'nok-passport-photo': {
    accepts: 'photo',
    reviewerRole: 'member_management',
    missingMessage: 'Please upload NOK passport photo',
  },
  'nok-id-document': {
    accepts: 'document',
    reviewerRole: 'member_management',
    missingMessage: 'Please upload NOK ID document',
  },
  'nok-proof-of-address': {
    accepts: 'document',
    reviewerRole: 'member_management',
    missingMessage: 'Please upload NOK proof of address',
  },
  'proof-of-payment': {
    accepts: 'document',
    reviewerRole: 'payment_management',
    missingMessage: 'Please upload your proof of payment',
  },
  'expense-receipt': {
    accepts: 'document',
    reviewerRole: 'expense_management',
    uploaderRole: 'expense_management',
    missingMessage: 'Please upload the receipt',
  },
  'income-proof': {
    accepts: 'document',
    reviewerRole: 'investment_management',
    uploaderRole: 'investment_management',
    missingMessage: 'Please upload the proof',
  },
  'bank-statement': {
    accepts: 'document',
    reviewerRole: 'month_end',
    uploaderRole: 'month_end',
    missingMessage: 'Please upload the bank statement',
  },
  'payout-proof': {
    accepts: 'document',
    reviewerRole: 'exit_requests',
    uploaderRole: 'exit_requests',
    missingMessage: 'Please upload the proof of transfer',
  },
  'loan-disbursement-proof': {
    accepts: 'document',
    reviewerRole: 'loan_management',
    uploaderRole: 'loan_management',
    missingMessage: 'Please upload the proof of transfer',
  },
};

/** Files the server writes itself (month-end reports, statements) and the role that may read them. */
export const generatedFileKinds = {
  'month-end-report': { reviewerRole: 'month_end' },
} as const satisfies Record<string, { reviewerRole: AdminRole }>;
export type GeneratedFileKind = keyof typeof generatedFileKinds;

/** The admin role that may read a stored file of this kind besides its owner, if any. */
export function reviewerRoleOf(kind: string): AdminRole | undefined {
  if (kind in uploadRules) return uploadRules[kind as UploadKind].reviewerRole;
  if (kind in generatedFileKinds) return generatedFileKinds[kind as GeneratedFileKind].reviewerRole;
  return undefined;
}

/** The `accept` attribute of a file input for each kind of upload. */
export const acceptAttribute = {
  photo: 'image/jpeg,image/png,image/webp',
  document: 'image/jpeg,image/png,image/webp,application/pdf',
} as const;

export const uploadMessages = {
  tooLarge: 'The file is too large. The limit is 10 MB.',
  photoType: 'Please upload a JPEG, PNG or WebP photo',
  documentType: 'Please upload a JPEG, PNG or WebP image, or a PDF',
  unreadable: 'The file could not be read. Please upload another copy.',
  pdfActiveContent: 'This PDF contains active content and cannot be accepted. Please upload a scan or a photo.',
  pdfEncrypted: 'Please upload an unprotected scan.',
  pdfTooLong: 'This PDF has too many pages. Please upload only the pages we need, or a photo.',
  imageTooLarge: 'This image is too large (more than 40 megapixels). Please upload a smaller photo or scan.',
  quotaFull: (limitMb: number) =>
    `Your files have reached the ${limitMb} MB storage limit. Please contact the cooperative to remove old files.`,
} as const;
