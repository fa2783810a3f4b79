/**
 * What the registration's checks say, word for word the same in the browser and on the server. A module
 * of its own, without zod, so that a page can show them without loading the rules.
 */
export const kycMessages = {
  fullName: 'Full name must be at least 2 characters',
  phone: 'Phone number must be 10 digits starting with 0',
  identityType: 'Please select an identity type',
  nationalId: 'ID number must be at least 5 characters',
  saId: 'Enter a valid 13-digit South African ID number',
  saIdBirthDate: 'The ID number does not match the date of birth',
  dateFormat: 'Date of birth must be a valid date (YYYY-MM-DD)',
  memberAge: 'You must be at least 18 years old',
  kinAge: 'Next of kin must be at least 18 years old',
  address: 'Address must be at least 5 characters',
  relationship: 'Relationship must be at least 2 characters',
  email: 'Invalid email address',
  nokOrder: 'Next of kin number must be 1 or 2',
  kinPhoto: 'Please upload NOK passport photo',
  kinIdDocument: 'Please upload NOK ID document',
  kinProofOfAddress: 'Please upload NOK proof of address',
  tooLong: 'This is too long',
} as const;
