/**
 * Money is integer cents everywhere inside; these are the only conversions at the edges. On the wire
 * an amount is rand, a JSON number with at most two decimals: `centsToRand` writes one,
 * `randAmountToCents` reads one. Plain code without zod, so the web app's pages can use it cheaply.
 */

/**
 * A rand amount as people write it: an optional "R", thousands set apart by spaces (as the app writes
 * them) or by commas, and a decimal point or a decimal comma (what a South African phone's number pad
 * offers). "R 1 785.72", "1 785,72", "1,785.72" and "1785,72" are all R 1 785.72. A comma before exactly
 * three digits groups thousands (after a first group that is not 0); one before one or two digits is
 * the decimal mark. Anything else, such as "1.785,72", "1,785,72" or "0,005", is not read as an amount
 * rather than guessed at.
 */
const WRITTEN_RAND = /^(-)?(?:R ?)?([1-9]\d{0,2}(?:([ ,])\d{3})(?:\3\d{3})*|\d+)(?:([.,])(\d{1,2}))?$/i;

/** Parses a rand amount (number or text, at most two decimals) into integer cents, or null if it is not one. */
export function randToCents(value: number | string): number | null {
  // Spaces of every width count as one: a copied amount may hold a no-break or thin space.
  const text = typeof value === 'number' ? numberToPlainString(value) : value.trim().replace(/[\s\u00a0\u202f]+/g, ' ');
  const match = WRITTEN_RAND.exec(text);
  if (!match) return null;
  const [, sign, written, separator, decimalMark, fraction = ''] = match;
  // A comma cannot both group thousands and mark the decimals.
  if (separator === ',' && decimalMark === ',') return null;
  const whole = written!.replace(/[ ,]/g, '');
  if (whole.length > 13) return null;
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

/**
 * Writes cents as a plain rand number for files a spreadsheet reads (CSV): `-1234.50`, with a
 * decimal point, no "R" and no thousands separators, so the column can be added up.
 */
export function formatRandPlain(cents: number): string {
  assertCents(cents);
  const abs = Math.abs(cents);
  const fraction = abs % 100;
  return `${cents < 0 ? '-' : ''}${(abs - fraction) / 100}.${fraction.toString().padStart(2, '0')}`;
}

/**
 * Reads a rand amount the API answered (a number with at most two decimals) into integer cents, to add
 * or compare amounts without floating-point drift: 0.1 + 0.2 rand are 30 cents.
 */
export function randAmountToCents(rand: number): number {
  return toHundredths(rand);
}

/** Formats a rand number from the API for display without floating-point drift (a missing one as R 0.00). */
export function formatRandAmount(rand: number): string {
  return formatRand(Number.isFinite(rand) ? randAmountToCents(rand) : 0);
}

/**
 * A number the API answers with at most two decimals (a percentage, rand-days, a multiple) as a whole
 * number of hundredths (basis points, cent-days), the way rand amounts are read into cents.
 */
export function toHundredths(value: number): number {
  if (!Number.isFinite(value)) throw new RangeError(`Not a number: ${value}`);
  // A two-decimal number times 100 lies within a rounding error of a whole number; + 0 drops -0.
  return Math.round(value * 100) + 0;
}

/** Whole hundredths (basis points, hundredths of a multiple) as the number the API reads and answers. */
export function fromHundredths(hundredths: number): number {
  assertCents(hundredths);
  return hundredths / 100;
}

function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
}

function numberToPlainString(value: number): string {
  if (!Number.isFinite(value)) return 'NaN';
  // Shortest round-trip representation; reject exponent forms by letting the regex fail.
  return String(value);
}
