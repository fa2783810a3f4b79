/**
 * South African identity numbers: YYMMDD SSSS C A Z. Thirteen digits, a real birth date, a
 * citizenship digit of 0, 1 or 2, and a Luhn check digit.
 */
export function isValidSaIdNumber(id: string): boolean {
  if (!/^\d{13}$/.test(id)) return false;
  const month = Number(id.slice(2, 4));
  const day = Number(id.slice(4, 6));
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(month)) return false;
  if (!['0', '1', '2'].includes(id[10]!)) return false;
  return passesLuhn(id);
}

/** Whether the ID number's YYMMDD agrees with a YYYY-MM-DD birth date. */
export function saIdMatchesBirthDate(id: string, birthDate: string): boolean {
  const [y, m, d] = birthDate.split('-');
  if (!y || !m || !d) return false;
  return id.slice(0, 6) === `${y.slice(2)}${m}${d}`;
}

/**
 * The South African ID number of a YYYY-MM-DD birth date and a sequence number (0 to 99 999: the four
 * sequence digits, then the digit before the check digit), for a South African citizen, with its check
 * digit. Each sequence number gives another valid number for the same birth date.
 */
export function saIdNumberFor(birthDate: string, sequence: number): string {
  if (!Number.isInteger(sequence) || sequence < 0 || sequence > 99_999) throw new RangeError('Sequence is 0 to 99 999');
  const [y, m, d] = birthDate.split('-');
  if (!y || !m || !d) throw new RangeError('Birth date is YYYY-MM-DD');
  const digits = String(sequence).padStart(5, '0');
  const body = `${y.slice(2)}${m}${d}${digits.slice(0, 4)}0${digits[4]}`;
  for (let check = 0; check <= 9; check++) {
    if (passesLuhn(`${body}${check}`)) return `${body}${check}`;
  }
  throw new Error('unreachable: one check digit always passes');
}

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function daysInMonth(month: number): number {
  // The century is not in the number, so 29 February is accepted for any year.
  return [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
}
