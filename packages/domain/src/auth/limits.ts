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
