/**
 * Numbers as people type them from a card or a letter: `082 123 4567`, `(082) 123-4567`,
 * `+27 82 123 4567`, `880412 0123 002`. The separators go, the digits stay; nothing is cut short.
 */

const SEPARATORS = /[\s().-]/g;

/** A South African phone number written as the app keeps it (`0821234567`); other text comes back as typed, trimmed. */
export function normalisePhone(typed: string): string {
  const compact = typed.trim().replace(SEPARATORS, '');
  // The country code in its written forms stands for the leading 0.
  const national = compact.replace(/^(\+27|0027)(?=\d)/, '0');
  return /^\d+$/.test(national) ? national : typed.trim();
}

/** An identity number of digits with spaces or hyphens between groups, without them; any other text trimmed. */
export function normaliseIdNumber(typed: string): string {
  const trimmed = typed.trim();
  return /^[\d\s-]+$/.test(trimmed) ? trimmed.replace(/[\s-]/g, '') : trimmed;
}
