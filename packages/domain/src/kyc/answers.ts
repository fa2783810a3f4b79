import { z } from 'zod';
import { day, fileUrl, id, timestamp } from '../answer-fields.js';

/** A next of kin as the API answers it (`toKinView`). */
export const kinView = z
  .object({
    id,
    nokOrder: z.number().int().min(1).max(2),
    fullName: z.string(),
    relationship: z.string(),
    phoneNumber: z.string(),
    email: z.string().nullable(),
    nationalId: z.string(),
    dateOfBirth: day,
    address: z.string(),
    passportPhotoUrl: fileUrl.nullable(),
    idDocumentUrl: fileUrl.nullable(),
    proofOfAddressUrl: fileUrl.nullable(),
    verificationStatus: z.enum(['pending', 'approved', 'rejected']),
    rejectedFields: z.array(z.string()),
    rejectionReason: z.string().nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: 'NextOfKin' });

// What the web app reads: the types of the answers above.
export type NextOfKinView = z.infer<typeof kinView>;
