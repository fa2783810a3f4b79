import { formatRandPlain } from '@letsema/domain';
import { stringify } from 'csv-stringify/sync';

/**
 * A text cell a spreadsheet would read as a formula (=, +, -, @, tab, carriage return) gets an
 * apostrophe in front, so an exported file cannot run anything when opened. Money columns are
 * written as plain numbers and need no such guard.
 */
export function safeCsvText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** A cell of an exported table: text, or an amount of money in integer cents. */
export type CsvCell = string | { cents: number };

/**
 * A table as CSV for a spreadsheet: amounts as plain rand numbers (`-1234.56`) that it can add up,
 * every text cell guarded against formulas, Windows line ends.
 */
export function writeCsv(columns: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return stringify(
    rows.map((cells) =>
      cells.map((cell) => (typeof cell === 'string' ? safeCsvText(cell) : formatRandPlain(cell.cents))),
    ),
    { header: true, columns: [...columns], record_delimiter: 'windows' },
  );
}
