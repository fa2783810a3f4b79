// The fields and messages of correction requests, apart from the schemas so pages can use them without zod.

/** What a member may ask to have corrected, with the label the forms show. */
export const correctionFields = {
  fullName: 'Full name',
  email: 'E-mail address',
  phoneNumber: 'Phone number',
  nationalId: 'ID or passport number',
  dateOfBirth: 'Date of birth',
  address: 'Address',
  nextOfKin: 'Next of kin',
  other: 'Something else',
} as const;
export type CorrectionField = keyof typeof correctionFields;

export const correctionMessages = {
  field: 'Choose what should be corrected',
  message: 'Say what is wrong and what it should be',
  messageTooLong: 'Please keep it under 1000 characters',
  reply: 'Tell the member what was done, or why not',
  tooMany: 'You have five requests waiting already. We will answer them first.',
  decided: 'This request has already been answered',
  notFound: 'Correction request not found',
} as const;
