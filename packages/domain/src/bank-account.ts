import { z } from 'zod';

/** Digits as people copy them from a bank letter or an app: spaces and dashes between them are left out. */
const bankDigits = (message: string, pattern: RegExp) =>
  z
    .string({ error: message })
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(pattern, { error: message }));

/** A South African bank account number: 6 to 16 digits. */
export const bankAccountNumber = (message: string) => bankDigits(message, /^\d{6,16}$/);

/** A South African branch code: 6 digits. */
export const bankBranchCode = (message: string) => bankDigits(message, /^\d{6}$/);
