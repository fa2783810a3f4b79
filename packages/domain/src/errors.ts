/** Codes carried by every error answer; each maps to one HTTP status. */
export const errorStatus = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
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
