import { z } from 'zod';
import { day, fileUrl, id, timestamp } from '../answer-fields.js';
import { adminRoles } from '../roles.js';
import { identityTypes, registrationStatuses } from '../status.js';
import { emailPreferencesBody } from './schemas.js';

/** An account as the API answers it (`modules/auth/user-view.ts`): never its password or secrets. */
export const userView = z
  .object({
    id,
    email: z.string(),
    fullName: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    identityType: z.enum(identityTypes).nullable(),
    nationalId: z.string().nullable(),
    dateOfBirth: day.nullable(),
    address: z.string().nullable(),
    city: z.string().nullable(),
    province: z.string().nullable(),
    profilePictureUrl: fileUrl.nullable(),
    idDocumentUrl: fileUrl.nullable(),
    registrationStatus: z.enum(registrationStatuses),
    isAdmin: z.boolean(),
    isSuperAdmin: z.boolean(),
    adminRoles: z.array(z.enum(adminRoles)).describe('Empty for members'),
    rejectedFields: z.array(z.string()).describe('What the last review asked the member to redo'),
    rejectionReason: z.string().nullable(),
    hasPassword: z.boolean().describe('False for an account made by a third-party sign-in'),
    emailVerified: z.boolean(),
    mfaEnabled: z.boolean(),
    passwordChangeRequired: z.boolean(),
    lastLoginAt: timestamp.nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: 'User' });

/** `GET /api/auth/me`: the account, and whether an admin must enrol in two-factor sign-in first. */
export const meView = userView
  .extend({
    mfaRequired: z.boolean().describe('Two-factor sign-in is required of this account (admins)'),
    mfaEnrolmentRequired: z.boolean().describe('Required and not yet turned on: the web app sends it to enrolment'),
  })
  .meta({ id: 'Me' });

/** `GET /api/auth/cooperatives`: the open cooperatives the signed-in person belongs to, theirs first. */
export const myCooperatives = z
  .array(
    z.object({
      id,
      name: z.string(),
      isCurrent: z.boolean().describe('The cooperative this session works in'),
    }),
  )
  .meta({ id: 'MyCooperatives' });

export const tokenAnswer = z.object({ token: z.string().describe('A bearer token (JWT)') }).meta({ id: 'Token' });

export const mfaChallengeAnswer = z
  .object({
    mfaRequired: z.literal(true),
    challenge: id.describe('Send it with a code to POST /api/auth/login/mfa within five minutes'),
  })
  .meta({ id: 'MfaChallenge' });

/** A finished sign-in, or the challenge when the account has two-factor sign-in on. */
export const loginAnswer = z.union([tokenAnswer, mfaChallengeAnswer]);

export const mfaStatus = z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number().int().min(0) });

export const mfaSetup = z.object({
  secret: z.string().describe('The key as text, for typing into an authenticator app'),
  otpauthUrl: z.string().regex(/^otpauth:\/\//),
  qrDataUrl: z.string().regex(/^data:image\/png;base64,/),
});

export const recoveryCodes = z.object({
  recoveryCodes: z.array(z.string()).describe('Shown once; each works one time'),
});

export const emailPreferences = emailPreferencesBody;

export const googleSettings = z.object({
  authorizationEndpoint: z.string(),
  clientId: z.string(),
  redirectUri: z.string(),
  scope: z.string(),
});

/** A mail was sent (or, not to tell who has an account, would have been). */
export const sentAnswer = z.object({ sent: z.literal(true) });
/** A password was set again with a link or a code. */
export const resetAnswer = z.object({ reset: z.literal(true) });
/** `POST /api/auth/verify-email`. */
export const verifiedAnswer = z.object({ verified: z.literal(true) });

/** `GET /api/auth/providers`: the sign-in providers offered besides the password. */
export const authProviders = z.object({
  google: googleSettings.nullable(),
  startCooperative: z.boolean().describe('Whether a new cooperative may be started here (`/start`)'),
});

// What the web app reads: the types of the answers above.
export type UserView = z.infer<typeof userView>;
export type MeView = z.infer<typeof meView>;
export type TokenAnswer = z.infer<typeof tokenAnswer>;
export type MyCooperatives = z.infer<typeof myCooperatives>;
export type MfaChallengeAnswer = z.infer<typeof mfaChallengeAnswer>;
export type LoginAnswer = z.infer<typeof loginAnswer>;
export type MfaStatus = z.infer<typeof mfaStatus>;
export type MfaSetup = z.infer<typeof mfaSetup>;
export type RecoveryCodesAnswer = z.infer<typeof recoveryCodes>;
export type GoogleSettings = z.infer<typeof googleSettings>;
export type AuthProviders = z.infer<typeof authProviders>;
export type SentAnswer = z.infer<typeof sentAnswer>;
export type ResetAnswer = z.infer<typeof resetAnswer>;
export type VerifiedAnswer = z.infer<typeof verifiedAnswer>;
