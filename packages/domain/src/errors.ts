/** Codes carried by every error answer; each maps to one HTTP status. */
export const errorStatus = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  /** An admin without two-factor sign-in while it is required: enrol first. */
  MFA_ENROLMENT_REQUIRED: 403,
  /** The account must choose a new password before anything else. */
  PASSWORD_CHANGE_REQUIRED: 403,
  /** A sensitive change needs the password typed again (at most 5 minutes ago). */
  REAUTH_REQUIRED: 403,
  /** The maker of a money decision tried to decide it, or a checker to approve twice. */
  MAKER_CHECKER: 403,
  NOT_FOUND: 404,
  INVALID_STATE: 409,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** The envelope every API answer uses. */
export type Envelope<T> =
  | { success: true; data: T; error: null }
  | { success: false; data: null; error: string; code?: ErrorCode; details?: Record<string, string> };
