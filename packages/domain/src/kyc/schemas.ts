import { z } from 'zod';
import { identityTypes } from '../status.js';
import { hasReachedAge, isIsoDate, todayInJohannesburg } from './dates.js';
import { kycMessages } from './messages.js';
import { isValidSaIdNumber, saIdMatchesBirthDate } from './sa-id.js';
import { normaliseIdNumber, normalisePhone } from './typed-numbers.js';

export const MINIMUM_AGE = 18;
export const MAX_NEXT_OF_KIN = 2;

const text = (min: number, message: string, max = 200) =>
  z.string({ error: message }).trim().min(min, { error: message }).max(max, { error: kycMessages.tooLong });

/** A South African number as typed (`082 123 4567`, `+27 82 123 4567`), kept as `0821234567`. */
export const phoneField = z
  .string({ error: kycMessages.phone })
  .overwrite(normalisePhone)
  .regex(/^0\d{9}$/, { error: kycMessages.phone });

/** An identity number as typed (`880412 0123 002`), kept without the spaces between its groups. */
const idNumberField = z
  .string({ error: kycMessages.nationalId })
  .overwrite(normaliseIdNumber)
  .min(5, { error: kycMessages.nationalId })
  .max(30, { error: kycMessages.tooLong });

const birthDate = (ageMessage: string) =>
  z
    .string({ error: kycMessages.dateFormat })
    .trim()
    .refine(isIsoDate, { error: kycMessages.dateFormat })
    .refine((value) => !isIsoDate(value) || hasReachedAge(value, MINIMUM_AGE, todayInJohannesburg()), {
      error: ageMessage,
    });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: kycMessages.tooLong })
    .optional()
    .transform((v) => (v ? v : null));

/** The member's profile (wizard step 1, `POST /api/auth/complete-profile`). */
export const completeProfileBody = z
  .object({
    fullName: text(2, kycMessages.fullName, 120),
    phoneNumber: phoneField,
    identityType: z.enum(identityTypes, { error: kycMessages.identityType }),
    nationalId: idNumberField,
    dateOfBirth: birthDate(kycMessages.memberAge),
    address: text(5, kycMessages.address, 300),
    city: optionalText(100),
    province: optionalText(100),
  })
  .superRefine((value, ctx) => {
    if (value.identityType !== 'national_id') return;
    const id = value.nationalId.replace(/\s+/g, '');
    if (!isValidSaIdNumber(id)) {
      ctx.addIssue({ code: 'custom', path: ['nationalId'], message: kycMessages.saId });
    } else if (isIsoDate(value.dateOfBirth) && !saIdMatchesBirthDate(id, value.dateOfBirth)) {
      ctx.addIssue({ code: 'custom', path: ['nationalId'], message: kycMessages.saIdBirthDate });
    }
  });
export type CompleteProfileBody = z.infer<typeof completeProfileBody>;
export type CompleteProfileInput = z.input<typeof completeProfileBody>;

const fileUrl = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(300, { error: message })
    .regex(/^\/api\/files\/[A-Za-z0-9/_-]+(\.[a-z0-9]+)?$/, { error: message });

/** The fields of a next-of-kin form, without the documents. */
export const nextOfKinFields = z.object({
  fullName: text(2, kycMessages.fullName, 120),
  relationship: text(2, kycMessages.relationship, 60),
  phoneNumber: phoneField,
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, { error: kycMessages.email })
    .refine((v) => v === '' || z.email({ pattern: z.regexes.html5Email }).safeParse(v).success, {
      error: kycMessages.email,
    })
    .optional()
    .transform((v) => (v ? v : null)),
  nationalId: idNumberField,
  dateOfBirth: birthDate(kycMessages.kinAge),
  address: text(5, kycMessages.address, 300),
});
export type NextOfKinFieldsInput = z.input<typeof nextOfKinFields>;
export type NextOfKinFieldsOutput = z.output<typeof nextOfKinFields>;

/** `POST /api/auth/next-of-kin`: the kin's details and the three documents this member uploaded. */
export const nextOfKinBody = nextOfKinFields.extend({
  nokOrder: z.coerce.number({ error: kycMessages.nokOrder }).int().min(1).max(MAX_NEXT_OF_KIN, {
    error: kycMessages.nokOrder,
  }),
  passportPhotoUrl: fileUrl(kycMessages.kinPhoto),
  idDocumentUrl: fileUrl(kycMessages.kinIdDocument),
  proofOfAddressUrl: fileUrl(kycMessages.kinProofOfAddress),
});
export type NextOfKinBody = z.infer<typeof nextOfKinBody>;
