/** A list's filters as a query string: only those set, trimmed, after `extra` (the page and its size). */
export function filterSearch<F extends { [K in keyof F]: string }>(filters: F, extra: Record<string, string> = {}) {
  const params = new URLSearchParams(extra);
  for (const [key, value] of Object.entries<string>(filters)) if (value.trim()) params.set(key, value.trim());
  return params.toString();
}
