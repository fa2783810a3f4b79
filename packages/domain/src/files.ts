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
] as const;
export type UploadKind = (typeof uploadKinds)[number];

/**
 * What each upload accepts, which admin role may see it besides its owner, and the message when
 * no file was chosen (the same in the browser and from the server).
 */
export const uploadRules: Record<
  UploadKind,
  { accepts: 'photo' | 'document'; reviewerRole: AdminRole; missingMessage: string }
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
};

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
  pdfTooLong: 'This PDF has too many pages. Please upload only the pages we need, or a photo.',
  imageTooLarge: 'This image is too large (more than 40 megapixels). Please upload a smaller photo or scan.',
  quotaFull: (limitMb: number) =>
    `Your files have reached the ${limitMb} MB storage limit. Please contact the cooperative to remove old files.`,
} as const;
