/** Wraps data in the success envelope every answer uses. */
export function ok<T>(data: T) {
  return { success: true as const, data, error: null };
}

/** The failure envelope. */
export function fail(error: string, extra: { code?: string; details?: Record<string, string> } = {}) {
  return { success: false as const, data: null, error, ...extra };
}
