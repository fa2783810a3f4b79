/**
 * A text cell a spreadsheet would read as a formula (=, +, -, @, tab, carriage return) gets an
 * apostrophe in front, so an exported file cannot run anything when opened. Money columns are
 * written as plain numbers and need no such guard.
 */
export function safeCsvText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
