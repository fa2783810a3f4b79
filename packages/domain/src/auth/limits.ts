// Constants of the sign-in rules that pages need without the schemas, so they never pull in zod.

export const messages = {
  invalidEmail: 'Invalid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be at most 256 characters',
  passwordsDontMatch: "Passwords don't match",
} as const;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

export const emailVerificationMessages = {
  verified: 'Your e-mail address is confirmed. Thank you.',
  expired: 'This link has expired. Sign in and send a new one from the banner at the top of the page.',
  invalid: 'This link is not valid. Sign in and send a new one from the banner at the top of the page.',
  alreadyVerified: 'Your e-mail address is already confirmed.',
  tooManySends:
    'We have sent several links already. Please check your inbox (and spam folder), or try again in an hour.',
} as const;

export const accountMessages = {
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'Current password is incorrect',
  samePassword: 'The new password must be different from the current one',
} as const;
