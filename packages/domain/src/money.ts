/**
 * Money is integer cents everywhere inside; these are the only conversions at the edges.
 */

/** Parses a rand amount (number or string, at most two decimals) into integer cents, or null if it is not one. */
export function randToCents(value: number | string): number | null {
  const text = typeof value === 'number' ? numberToPlainString(value) : value.trim();
  const match = /^(-)?(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return sign ? -cents : cents;
}

/** Converts integer cents into the rand number the API answers with. */
export function centsToRand(cents: number): number {
  assertCents(cents);
  // Division by 100 of an integer below 2^53 gives the nearest double to the two-decimal value.
  return cents / 100;
}

/** Formats cents for display: `R 1 234.50`. */
export function formatRand(cents: number): string {
  assertCents(cents);
  const negative = cents < 0;
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const fraction = (abs % 100).toString().padStart(2, '0');
  return `${negative ? '-' : ''}R ${whole}.${fraction}`;
}

/** Formats a rand number from the API for display without floating-point drift. */
export function formatRandAmount(rand: number): string {
  const cents = randToCents(Math.round(rand * 100) / 100);
  return formatRand(cents ?? 0);
}

function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
}

function numberToPlainString(value: number): string {
  if (!Number.isFinite(value)) return 'NaN';
  // Shortest round-trip representation; reject exponent forms by letting the regex fail.
  return String(value);
}
